/**
 * The Chromium that the browser tests drive. `npm ci && npm test` must pass on a machine with only
 * Node, PostgreSQL and Redis (no apt, and playwright-core never downloads a browser), so: Debian's
 * /usr/bin/chromium when the machine has it (or CHROMIUM_PATH), otherwise the Chromium that
 * `npm ci` brings in the devDependency @sparticuz/chromium, which unpacks itself under the temp
 * folder on first use (a few seconds, once per machine).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Browser, chromium } from 'playwright-core';
import { ROOT } from './stack';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * Playwright's own switches plus these. The closed network refuses every outside connection, so
 * nothing may try one (background networking, component updates, sync, QUIC); as root Chromium
 * needs --no-sandbox. The package's own `args` are not used: they are for AWS Lambda
 * (--single-process, --disable-web-security, a --disable-features list that would replace
 * Playwright's), and the browser here needs none of them.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-domain-reliability',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--no-pings',
];

/**
 * @sparticuz/chromium is ESM-only and Jest runs these specs as CommonJS (an `import()` becomes a
 * `require()`), so a child Node process asks it for the binary's path.
 */
async function packagedChromium(): Promise<string> {
  const script =
    "const { default: c } = await import('@sparticuz/chromium'); process.stdout.write(await c.executablePath());";
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    timeout: 100_000,
  });
  return stdout.trim();
}

export async function launchChromium(): Promise<Browser> {
  const system = process.env.CHROMIUM_PATH ?? (existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined);
  const executablePath = system ?? (await packagedChromium());
  // The package's binary finds its own fonts (unpacked beside it) through fontconfig.
  const fonts = join(tmpdir(), 'fonts');
  const env =
    !system && !process.env.FONTCONFIG_PATH && existsSync(fonts)
      ? { ...process.env, FONTCONFIG_PATH: fonts }
      : undefined;
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true, env });
}
