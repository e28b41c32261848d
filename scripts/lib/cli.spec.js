'use strict';
const { parseCliArgs } = require('./cli');

const USAGE = 'Usage: thing [--persons N] [--dry]';

/** Runs parseCliArgs with a fake process: what it printed and how it ended. */
function run(argv, spec) {
  const printed = { out: '', err: '' };
  const io = {
    out: (text) => (printed.out += text),
    err: (text) => (printed.err += text),
    exit: (code) => {
      throw Object.assign(new Error('exit'), { code });
    },
  };
  try {
    return { result: parseCliArgs(USAGE, argv, spec, io), ...printed };
  } catch (error) {
    if (error.message !== 'exit') throw error;
    return { exit: error.code, ...printed };
  }
}

const SPEC = { options: { persons: { type: 'string' }, dry: { type: 'boolean' } } };

describe('parseCliArgs', () => {
  it.each([
    [['--help']],
    [['-h']],
    [['--persons', '10', '--help']],
    [['--persns', '10', '-h']], // help wins over a mistake
    [['migrate', '--help']],
  ])('%j prints the usage on stdout and exits 0', (argv) => {
    expect(run(argv, { ...SPEC, positionals: { allowed: ['migrate'] } })).toEqual({
      exit: 0,
      out: `${USAGE}\n`,
      err: '',
    });
  });

  it('reads the flags it knows', () => {
    expect(run(['--persons', '10', '--dry'], SPEC).result).toEqual({
      values: expect.objectContaining({ persons: '10', dry: true }),
      positionals: [],
    });
    expect(run(['--persons=7'], SPEC).result.values.persons).toBe('7');
  });

  it('leaves a --help after -- to the script', () => {
    expect(run(['--', '--help'], { positionals: { max: 1 } }).result.positionals).toEqual(['--help']);
  });

  it.each([
    [['--persns', '10'], SPEC, "Unknown option '--persns'."],
    [['--persons'], SPEC, "Option '--persons <value>' argument missing."],
    [['extra'], SPEC, 'Unexpected argument "extra".'],
    [
      ['drop'],
      { positionals: { allowed: ['setup', 'migrate'], min: 1, max: 1 } },
      'Unknown argument "drop": expected setup, migrate.',
    ],
    [
      [],
      { positionals: { allowed: ['setup', 'migrate'], min: 1, max: 1 } },
      'Missing argument: expected setup, migrate.',
    ],
    [
      ['setup', 'migrate'],
      { positionals: { allowed: ['setup', 'migrate'], min: 1, max: 1 } },
      'At most 1 argument(s), got 2.',
    ],
  ])('%j stops with exit 2, the problem and the usage on stderr', (argv, spec, problem) => {
    expect(run(argv, spec)).toEqual({ exit: 2, out: '', err: `✖ ${problem}\n\n${USAGE}\n` });
  });
});
