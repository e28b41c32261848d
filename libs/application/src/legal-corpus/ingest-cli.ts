import { access, constants } from 'node:fs/promises';
import { printedOutage, waitOutOutages } from '@app/platform/runtime/dependency-outage';
import { DEFAULT_DATABASE_URL } from '@app/platform/config/app-config';
import { openCorpusSession } from '@app/persistence/legal-corpus';
import { ingestCorpusFile } from './ingest-corpus-file';

export const INGEST_USAGE = `Usage: npm run corpus:ingest -- <file.jsonl> [--database-url URL]

Adds and replaces legal-records persons and lawsuits while the apps serve (docs/operations.md), all or
nothing: one JSON object a line,
  {"type":"person","uuid","givenNames","paternalSurname","maternalSurname"?,"state"}
  {"type":"lawsuit","id","personUuid","role":"Applicant"|"Defendant","category","judgementType",
   "plaintiff","defendant","state","lawsuitType","agreementDate":"YYYY-MM-DD","fileNumber","source",
   "court","circuit","synthesis","synthesisUrl","sourceUrl"}
A uuid or id that exists replaces it (a replaced person keeps its lawsuits); a lawsuit names a person
of the file or of the corpus. A person's uuid is an RFC 9562 UUID; a lawsuit's id is its
publisher's own identifier, 1 to 128 visible characters (EXP-1234/2026-J3C).

On success prints the new corpus version and the persons and lawsuits added and replaced (exit 0).
An invalid file changes nothing: its problems are printed with their line numbers (exit 1).

  --database-url URL   the database (default: DATABASE_URL, else ${DEFAULT_DATABASE_URL})
  --verbose            also print each statement that took 100 ms or more, with its time
  --help               this text; changes nothing`;

interface Output {
  out(line: string): void;
  err(line: string): void;
}

const CONSOLE: Output = { out: (l) => console.log(l), err: (l) => console.error(l) };

/** `npm run corpus:ingest -- <file.jsonl>`: answers the exit code. */
export async function main(argv: string[], output: Output = CONSOLE): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    output.out(INGEST_USAGE);
    return 0;
  }
  const args = parseArgs(argv);
  if ('problem' in args) {
    output.err(`✖ ${args.problem}\n\n${INGEST_USAGE}`);
    return 1;
  }
  try {
    await access(args.file, constants.R_OK);
  } catch (error) {
    output.err(`✖ Cannot read ${args.file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    return 1;
  }
  const started = Date.now();
  // All or nothing in one transaction: an ingest cut by an outage is run again whole once
  // PostgreSQL answers (a line whose uuid exists replaces it, so a second run changes nothing more).
  const report = await waitOutOutages(
    async () => {
      const session = await openCorpusSession(args.databaseUrl);
      try {
        return await ingestCorpusFile(session, args.file, {
          onWait: () =>
            output.out('Another ingest or load is writing the corpus: waiting for it to finish...'),
          ...(args.verbose
            ? {
                onStatement: (what: string, ms: number) =>
                  output.err(`  ${String(ms).padStart(6)} ms  ${what}`),
              }
            : {}),
        });
      } finally {
        await session.release().catch(() => undefined);
      }
    },
    { observer: printedOutage((line) => output.err(line), 'nothing was ingested yet'), maxDelayMs: 10_000 },
  );
  if (!report.ok) {
    for (const { line, reason } of report.problems)
      output.err(line === null ? `✖ ${args.file} ${reason}` : `✖ line ${line}: ${reason}`);
    if (report.morePossible) output.err('✖ (reading stopped there; the file may hold more problems)');
    output.err('Nothing was ingested: the corpus is unchanged.');
    return 1;
  }
  const o = report.outcome;
  output.out(
    `Ingested ${args.file} as corpus version ${o.version} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  output.out(
    `  persons:  ${o.personsAdded} added, ${o.personsReplaced} replaced (${o.persons} in the corpus)`,
  );
  output.out(`  lawsuits: ${o.lawsuitsAdded} added, ${o.lawsuitsReplaced} replaced`);
  output.out(
    `  match sets: ${o.setsMerged} name pairs merged, ${o.setsRecomputed} computed again, ` +
      `${o.setsDropped} other queries computed again on their next search`,
  );
  return 0;
}

function parseArgs(
  argv: string[],
): { file: string; databaseUrl: string; verbose: boolean } | { problem: string } {
  const positional: string[] = [];
  let databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  let verbose = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--verbose') verbose = true;
    else if (argv[i] === '--database-url') {
      if (argv[i + 1] === undefined) return { problem: '--database-url needs a value' };
      databaseUrl = argv[++i];
    } else if (argv[i].startsWith('--')) return { problem: `unknown option ${argv[i]}` };
    else positional.push(argv[i]);
  }
  if (positional.length !== 1)
    return { problem: positional.length === 0 ? 'give the file to ingest' : 'give one file at a time' };
  return { file: positional[0], databaseUrl, verbose };
}
