import { AUDIT_GENESIS_HASH, firstBrokenLink } from '@app/domain';
import { dataSourceOptions } from '@app/persistence/data-source-options';
import { AuditRepository } from '@app/persistence/repositories/audit.repository';
import { DEFAULT_DATABASE_URL } from '@app/platform/config/app-config';
import { DataSource } from 'typeorm';

/** Events read per page while walking the chain. */
const PAGE = 10_000;

export const VERIFY_USAGE = `Usage: npm run audit:verify

Walks the whole audit log in chain order and checks that each event's hash is the SHA-256 of the
previous event's hash and the event's canonical JSON. Exit 0 when every event follows; exit 1 naming
the first event that does not (it, or an event before it, was changed, removed or reordered).
DATABASE_URL names the database, as for the apps. Changes nothing.

  -h, --help   print this and change nothing`;

export interface VerifyOutput {
  out(line: string): void;
  err(line: string): void;
}

/** `npm run audit:verify`: answers the exit status. */
export async function main(
  argv: string[],
  output: VerifyOutput = { out: (l) => console.log(l), err: (l) => console.error(l) },
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    output.out(VERIFY_USAGE);
    return 0;
  }
  if (argv.length > 0) {
    output.err(`✖ Unknown arguments: ${argv.join(' ')}\n\n${VERIFY_USAGE}`);
    return 1;
  }
  const dataSource = new DataSource(
    dataSourceOptions(process.env.DATABASE_URL || DEFAULT_DATABASE_URL, { poolSize: 2 }),
  );
  await dataSource.initialize();
  try {
    const events = new AuditRepository(dataSource);
    const started = Date.now();
    let hash = AUDIT_GENESIS_HASH;
    let after = '0';
    let checked = 0;
    // The next page is read while this one is checked: reading, not hashing, is the slow part.
    let next = events.chainAfter(after, PAGE);
    for (;;) {
      const page = await next;
      if (page.length === 0) break;
      after = page[page.length - 1].id;
      next = events.chainAfter(after, PAGE);
      const { broken, lastHash } = firstBrokenLink(page, hash);
      if (broken) {
        await next.catch(() => undefined);
        output.err(
          `✖ Audit event ${broken.id} (${new Date(broken.at).toISOString()}, ${broken.action}) does not follow the one before it: ` +
            'it or an earlier event was changed, removed or reordered.',
        );
        output.err(`  ${checked} events before it follow the chain.`);
        return 1;
      }
      hash = lastHash;
      checked += page.length;
    }
    output.out(
      `The audit log's chain holds: ${checked} events checked in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return 0;
  } finally {
    await dataSource.destroy();
  }
}
