import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { calendarDateIn, WATCH_LIST_SOURCES, WatchListSource } from '@app/domain';
// By path, not the barrels: the CLI and npm start's setup load this without Nest.
import { dataSourceOptions } from '@app/persistence/data-source-options';
import { WatchListRepository } from '@app/persistence/repositories/watch-list.repository';
import { printedOutage, waitOutOutages } from '@app/platform/runtime/dependency-outage';
import { DataSource } from 'typeorm';
import { recordMonitorActivation } from '../monitoring/activation-hook';
import { ImportOutcome, ImportWatchList, readListFiles } from './import-watch-list';

export interface ImportArguments {
  source: WatchListSource;
  files: string[];
  force: boolean;
}

/** The arguments, or a message saying what is wrong with them (the script parses the flags). */
export function checkImportArguments(args: {
  source?: string;
  files: string[];
  force?: boolean;
}): ImportArguments | { error: string } {
  const { source, files } = args;
  if (!source) return { error: '--source is required.' };
  if (!(WATCH_LIST_SOURCES as readonly string[]).includes(source))
    return { error: `--source must be one of ${WATCH_LIST_SOURCES.join(', ')}; got "${source}".` };
  if (files.length === 0) return { error: 'Name the files to import.' };
  return { source: source as WatchListSource, files, force: args.force === true };
}

/** One line a person reads: what the import did. */
export function describeOutcome(outcome: ImportOutcome): string {
  switch (outcome.kind) {
    case 'activated': {
      const f = outcome.facts;
      return (
        `${outcome.source} version ${outcome.version} is active: ${f.asOf ? `as of ${f.asOf}` : 'no as-of date (the files carry none)'}, ${f.rows} rows, ${f.entries} entries, ` +
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
    const importer = new ImportWatchList(
      new WatchListRepository(dataSource),
      readListFiles,
      () => calendarDateIn(timeZone, new Date()),
      recordMonitorActivation(dataSource),
    );
    return await work(importer);
  } finally {
    await dataSource.destroy();
  }
}

/** `npm run lists:import` (scripts/lists-import.js parses the command line): answers the exit status. */
export async function main(
  args: { source?: string; files: string[]; force?: boolean },
  databaseUrl: string,
  print = console.log,
): Promise<number> {
  const parsed = checkImportArguments(args);
  if ('error' in parsed) {
    print(`✖ ${parsed.error} (npm run lists:import -- --help)`);
    return 1;
  }
  // All or nothing: an import cut by an outage is run again whole (the same files, once active,
  // change nothing), so a database restart in the middle costs a wait, not a lost import.
  const outcome = await waitOutOutages(
    () => withImport(databaseUrl, (importer) => importer.execute(parsed.source, parsed.files, parsed.force)),
    { observer: printedOutage(print, 'nothing was imported yet'), maxDelayMs: 10_000 },
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
