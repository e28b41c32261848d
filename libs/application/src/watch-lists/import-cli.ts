import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { calendarDateIn, WATCH_LIST_SOURCES, WatchListSource } from '@app/domain';
import { dataSourceOptions, WatchListRepository } from '@app/persistence';
import { DataSource } from 'typeorm';
import { ImportOutcome, ImportWatchList, readListFiles } from './import-watch-list';

export const IMPORT_USAGE = `Usage: npm run lists:import -- --source <source> [--force] <file>...

Imports a watch list from the publisher's files (read exactly as published) and makes it the
active version, unless the files are refused; the apps pick it up without a restart.

  --source   one of ${WATCH_LIST_SOURCES.join(', ')}
  --force    import even when the files hold fewer than 80 % of the active version's entries
  --help     print this and change nothing

Files per source:
  sat-69b          Listado_completo_69-B.csv
  sat-69           one or more of Firmes.csv, Exigibles.csv, No_localizados.csv, Cancelados.csv,
                   CSDsinefectos.csv, Sentencias.csv, EntespublicosydeGobiernoomisos.csv
  ofac-sdn         sdn.csv [alt.csv] [add.csv]
  un-consolidated  consolidated.xml
  peps             one FollowTheMoney .jsonl file

Exit status: 0 when the files are the active version afterwards (new, or the same as before),
1 when they were refused. DATABASE_URL names the database, as for the apps.`;

export interface ImportArguments {
  source: WatchListSource;
  files: string[];
  force: boolean;
}

/** The command line, or a message saying what is wrong with it. */
export function parseImportArguments(argv: readonly string[]): ImportArguments | { error: string } {
  let source: string | undefined;
  let force = false;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--source') source = argv[++i];
    else if (arg.startsWith('--source=')) source = arg.slice('--source='.length);
    else if (arg === '--force') force = true;
    else if (arg.startsWith('--')) return { error: `Unknown option ${arg}.` };
    else files.push(arg);
  }
  if (!source) return { error: '--source is required.' };
  if (!(WATCH_LIST_SOURCES as readonly string[]).includes(source))
    return { error: `--source must be one of ${WATCH_LIST_SOURCES.join(', ')}; got "${source}".` };
  if (files.length === 0) return { error: 'Name the files to import.' };
  return { source: source as WatchListSource, files, force };
}

/** One line a person reads: what the import did. */
export function describeOutcome(outcome: ImportOutcome): string {
  switch (outcome.kind) {
    case 'activated': {
      const f = outcome.facts;
      return (
        `${outcome.source} version ${outcome.version} is active: as of ${f.asOf}, ${f.rows} rows, ${f.entries} entries, ` +
        `${f.redacted} redacted, ${f.rejected.length} rejected (sha256 ${f.sha256}).`
      );
    }
    case 'unchanged':
      return `${outcome.source}: these files are already the active version ${outcome.version}; nothing changed.`;
    case 'refused':
      return `${outcome.source}: refused (recorded as version ${outcome.version}); the active version stays. ${outcome.reason}`;
  }
}

async function withImport<T>(
  databaseUrl: string,
  work: (importer: ImportWatchList) => Promise<T>,
): Promise<T> {
  const dataSource = new DataSource(dataSourceOptions(databaseUrl, { poolSize: 2 }));
  await dataSource.initialize();
  try {
    const timeZone = process.env.SERVICE_TIMEZONE || 'America/Mexico_City';
    const importer = new ImportWatchList(new WatchListRepository(dataSource), readListFiles, () =>
      calendarDateIn(timeZone, new Date()),
    );
    return await work(importer);
  } finally {
    await dataSource.destroy();
  }
}

/** `npm run lists:import`: answers the exit status. */
export async function main(
  argv: readonly string[],
  databaseUrl: string,
  print = console.log,
): Promise<number> {
  const parsed = parseImportArguments(argv);
  if ('error' in parsed) {
    print(`${parsed.error}\n\n${IMPORT_USAGE}`);
    return 1;
  }
  const outcome = await withImport(databaseUrl, (importer) =>
    importer.execute(parsed.source, parsed.files, parsed.force),
  );
  print(describeOutcome(outcome));
  if (outcome.kind === 'activated' && outcome.facts.rejected.length > 0)
    for (const row of outcome.facts.rejected.slice(0, 10))
      print(`  rejected: ${row.file} line ${row.line}: ${row.reason}`);
  return outcome.kind === 'refused' ? 1 : 0;
}

/**
 * The demo lists of `npm start` (data/watch-lists/demo/<source>/, files in name order): imported
 * for every source that has no version yet, so the list processes run on real files from the
 * first start. A source imported before (even refused) is left to its operator.
 */
export async function importDemoListsIfMissing(
  databaseUrl: string,
  demoDirectory: string,
  log: (line: string) => void,
): Promise<void> {
  await withImport(databaseUrl, async (importer) => {
    for (const source of WATCH_LIST_SOURCES) {
      if (await importer.hasAnyVersion(source)) continue;
      const directory = join(demoDirectory, source);
      const files = readdirSync(directory)
        .filter((name) => !name.startsWith('.') && !name.endsWith('.md'))
        .sort()
        .map((name) => join(directory, name));
      log(`Demo watch list: ${describeOutcome(await importer.execute(source, files))}`);
    }
  });
}
