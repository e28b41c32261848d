import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { state, untilCount, withDb } from './helpers';
import { ROOT } from './stack';

/** OFAC SDN versions as monitoring's tests import them: the demo files plus rows of the test's own. */

const DEMO_OFAC = join(ROOT, 'data/watch-lists/demo/ofac-sdn');
const dir = mkdtempSync(join(tmpdir(), 'sdn-versions-'));
let versions = 0;

/** An SDN version: the demo files plus these rows, written as OFAC publishes them (CRLF). */
export function sdnVersion(...rows: string[]): string[] {
  const out = join(dir, `v${++versions}`);
  mkdirSync(out, { recursive: true });
  const demo = readFileSync(join(DEMO_OFAC, 'sdn.csv'), 'latin1').replace(String.fromCharCode(26), ''); // OFAC's end-of-file mark
  writeFileSync(join(out, 'sdn.csv'), demo + rows.map((r) => `${r}\r\n`).join(''), 'latin1');
  for (const file of ['alt.csv', 'add.csv'])
    writeFileSync(join(out, file), readFileSync(join(DEMO_OFAC, file)));
  return ['sdn.csv', 'alt.csv', 'add.csv'].map((f) => join(out, f));
}

/** `npm run lists:import` as an operator runs it; answers the version's activation id. */
export async function importSdn(...rows: string[]): Promise<string> {
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'scripts/lists-import.js'), '--source', 'ofac-sdn', '--force', ...sdnVersion(...rows)],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: state().databaseUrl }, encoding: 'utf8' },
  );
  expect(`${run.status} ${run.stdout}${run.stderr}`).toMatch(/^0 ofac-sdn version \d+ is active/);
  return latestActivation();
}

export const latestActivation = () =>
  withDb(
    async (db) =>
      (await db.query(`SELECT max(id)::text AS id FROM monitor_activation WHERE source = 'ofac-sdn'`)).rows[0]
        .id as string,
  );

/** Waits until the activation is compared with the monitors (every part of its alerts committed). */
export const compared = (activationId: string) =>
  untilCount(
    `SELECT count(*)::int AS n FROM monitor_activation WHERE id = $1 AND done_at IS NOT NULL`,
    [activationId],
    {
      timeoutMs: 120_000,
      what: `activation ${activationId} compared`,
    },
  );
