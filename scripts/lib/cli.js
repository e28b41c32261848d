'use strict';
// The command line of a script that changes data (docs/integrators.md): `--help` or `-h` prints the
// usage and exits 0 before anything else runs, and a flag the script does not know stops it with
// exit 2 instead of being ignored (a mistyped `--persns 10` must not regenerate the default
// corpus). Built on node:util's parseArgs.
const { parseArgs } = require('node:util');

const HELP = new Set(['--help', '-h']);

/** Where the usage and errors go, and how the process ends: the real ones, or a test's. */
const PROCESS_IO = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  exit: (code) => process.exit(code),
};

/**
 * Reads a script's arguments, or exits: 0 after printing `usage` for --help / -h (anywhere before
 * a `--`), 2 after printing the problem and the usage for anything it does not accept.
 *
 * @param {string} usage What --help prints: how to call the script, what it changes, each option.
 * @param {string[]} argv The arguments (process.argv.slice(2)).
 * @param {object} [spec]
 * @param {import('node:util').ParseArgsConfig['options']} [spec.options] The flags, as parseArgs
 *   takes them: `{ persons: { type: 'string' }, force: { type: 'boolean' } }`.
 * @param {{ allowed?: string[], min?: number, max?: number }} [spec.positionals] Arguments that are
 *   not flags (a command, a part): which words, how many (default: none).
 * @param {typeof PROCESS_IO} [io]
 * @returns {{ values: Record<string, string | boolean | undefined>, positionals: string[] }}
 */
function parseCliArgs(usage, argv, spec = {}, io = PROCESS_IO) {
  const text = usage.endsWith('\n') ? usage : `${usage}\n`;
  const beforeTerminator = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  if (beforeTerminator.some((arg) => HELP.has(arg))) {
    io.out(text);
    return io.exit(0);
  }
  const refuse = (problem) => {
    io.err(`✖ ${problem}\n\n${text}`);
    return io.exit(2);
  };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: spec.options ?? {}, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs explains itself ("Unknown option '--persns'..."); keep its first sentence.
    return refuse(error.message.split('. ')[0].replace(/\.$/, '') + '.');
  }
  const { allowed, min = 0, max = allowed ? Infinity : 0 } = spec.positionals ?? {};
  const { positionals } = parsed;
  const unknown = allowed ? positionals.filter((word) => !allowed.includes(word)) : [];
  if (unknown.length > 0) return refuse(`Unknown argument "${unknown[0]}": expected ${allowed.join(', ')}.`);
  if (positionals.length > max)
    return refuse(
      max === 0
        ? `Unexpected argument "${positionals[0]}".`
        : `At most ${max} argument(s), got ${positionals.length}.`,
    );
  if (positionals.length < min) return refuse(`Missing argument: expected ${allowed?.join(', ') ?? min}.`);
  return { values: parsed.values, positionals };
}

module.exports = { parseCliArgs };
