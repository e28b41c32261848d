import { DataSource } from 'typeorm';
import { DEMO_CORPUS, loadCorpus } from './corpus-loader';

/** Loads the demo corpus when the corpus is empty (first `npm start`); returns the persons loaded. */
export async function seedDemoCorpusIfEmpty(
  dataSource: DataSource,
  log: (line: string) => void = () => undefined,
): Promise<number> {
  const rows: unknown[] = await dataSource.query(`SELECT 1 FROM legal_person LIMIT 1`);
  if (rows.length > 0) return 0;
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const started = Date.now();
    log(`Loading the demo legal-records corpus (${DEMO_CORPUS.persons.toLocaleString('en-US')} persons)...`);
    await loadCorpus(runner, DEMO_CORPUS);
    log(`Demo corpus loaded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return DEMO_CORPUS.persons;
  } finally {
    await runner.release();
  }
}
