import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../data-source-options';
import { CorpusSession, DEMO_CORPUS, LOAD_SESSIONS, loadCorpus } from './corpus-loader';

/** `npm run corpus:generate -- --persons 1000000 [--seed 7] [--database-url URL]` */
export async function main(argv: string[]): Promise<void> {
  const arg = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const persons = Number(arg('persons') ?? DEMO_CORPUS.persons);
  const seed = Number(arg('seed') ?? DEMO_CORPUS.seed);
  if (!Number.isInteger(persons) || persons < 1) throw new Error('--persons must be a whole number >= 1');
  const url =
    arg('database-url') ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/screening';
  const dataSource = new DataSource(dataSourceOptions(url, { poolSize: LOAD_SESSIONS }));
  await dataSource.initialize();
  const openSession = async (): Promise<CorpusSession> => {
    const session = dataSource.createQueryRunner();
    await session.connect();
    return session;
  };
  const runner = await openSession();
  const started = Date.now();
  try {
    await loadCorpus(runner, {
      persons,
      seed,
      openSession,
      onProgress: (done, total) =>
        console.log(
          `  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} persons (${((Date.now() - started) / 1000).toFixed(1)} s)`,
        ),
      onStep: (step) => console.log(`  ${step} (${((Date.now() - started) / 1000).toFixed(1)} s)`),
    });
    const [{ lawsuits }] = await runner.query(`SELECT count(*)::int AS lawsuits FROM legal_lawsuit`);
    console.log(
      `Corpus: ${persons.toLocaleString('en-US')} persons, ${lawsuits.toLocaleString('en-US')} lawsuits in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await runner.release();
    await dataSource.destroy();
  }
}
