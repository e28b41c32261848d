/**
 * Liveness means "answers": a process whose event loop is stuck is killed by its watchdog thread
 * (LIVENESS_MAX_BLOCK_MS) and restarted by its supervisor. Small Node processes use the built
 * watchdog module, so a test can block their loop at will; nothing is timed, the tests wait (with
 * a deadline) for how the processes end.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { eventually } from './support/helpers';
import { exitOf, isAlive, kill, ROOT } from './support/stack';

const WATCHDOG = join(ROOT, 'dist/libs/platform/src/runtime/liveness-watchdog.js');

/** A Node process that starts the watchdog (1 s), says "ready", then runs `work`. */
function processWith(work: string): { child: ChildProcess; output: () => string } {
  const script = `
    const { startLivenessWatchdog } = require(${JSON.stringify(WATCHDOG)});
    startLivenessWatchdog({ maxBlockMs: 1000 });
    console.log('ready');
    ${work}
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** How the process ended, or a failure once the deadline has passed. */
function endOf(child: ChildProcess, what: string, deadlineMs = 30_000) {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out waiting for ${what}`)), deadlineMs);
  });
  return Promise.race([exitOf(child), deadline]).finally(() => clearTimeout(timer));
}

/** A loop that never yields, once the process has said it is ready. */
const BLOCK_FOREVER = 'setTimeout(() => { for (;;) {} }, 50);';

/**
 * Three seconds of work (three times the threshold) in slices of 10 ms, yielding between them, then
 * a clean exit: a busy process is not a stuck one.
 */
const BUSY_BUT_ANSWERING = `
  const until = Date.now() + 3000;
  const slice = () => {
    const end = Date.now() + 10;
    while (Date.now() < end) {}
    if (Date.now() < until) setImmediate(slice); else process.exit(0);
  };
  setImmediate(slice);
`;

describe('the liveness watchdog', () => {
  const started: ChildProcess[] = [];

  afterEach(() => {
    for (const child of started.splice(0)) if (child.pid && isAlive(child.pid)) kill(child.pid, 'SIGKILL');
  });

  it('kills a process whose event loop is blocked, saying so in one JSON line', async () => {
    const { child, output } = processWith(BLOCK_FOREVER);
    started.push(child);
    expect(await endOf(child, 'the blocked process to be killed')).toEqual({ code: null, signal: 'SIGKILL' });
    const lines = output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 60,
        pid: child.pid,
        context: 'LivenessWatchdog',
        msg: expect.stringMatching(
          /^The event loop has not turned for \d+ ms \(LIVENESS_MAX_BLOCK_MS=1000\)/,
        ),
      }),
    ]);
  });

  it('leaves a busy process that keeps answering alone', async () => {
    const { child } = processWith(BUSY_BUT_ANSWERING);
    started.push(child);
    expect(await endOf(child, 'the busy process to finish')).toEqual({ code: 0, signal: null });
  });

  it('ends in a restart under the supervisor of npm start', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { supervise } = require(join(ROOT, 'scripts/lib/supervisor.js')) as {
      supervise: (
        apps: Array<{ name: string; start: () => ChildProcess }>,
        options: { log: (line: string) => void },
      ) => { stop: () => Promise<unknown> };
    };
    const log: string[] = [];
    const supervisor = supervise(
      [
        {
          name: 'stuck',
          start: () => {
            const { child } = processWith(BLOCK_FOREVER);
            started.push(child);
            return child;
          },
        },
      ],
      { log: (line) => log.push(line) },
    );
    try {
      await eventually(
        async () => (log.filter((line) => line.startsWith('stuck started')).length >= 2 ? true : undefined),
        30_000,
        'the stuck app to be started again',
      );
      expect(log).toContain('stuck was killed by SIGKILL; restarting it in 0.5 s (crash 1 of 5 within 60 s)');
    } finally {
      await supervisor.stop();
    }
  });
});
