'use strict';
// What `npm start` prints, in one of two forms:
// - in a terminal, for a person: each app's lines (which the apps print pretty themselves) behind a
//   coloured `[api]` / `[processor]` prefix, the supervisor's behind `[supervisor]`;
// - anywhere else (a pipe, a file, `docker logs`, a log shipper), for programs: JSON lines only, one
//   object a line, so that `jq` and shippers read all of it. An app's own JSON lines get an `app`
//   field; anything else an app writes (a stack trace, a Node warning) becomes a line of its own with
//   the text as `msg`; the supervisor's lines are JSON too, with `app: "supervisor"`.
const { format } = require('node:util');

/** pino's numeric levels, which the apps' lines carry. */
const LEVELS = { info: 30, warn: 40, error: 50 };
const COLORS = { api: '36', processor: '35', supervisor: '33' };

/** A line the apps' own loggers would write, for text that is not one. */
function jsonLine(app, level, msg) {
  return JSON.stringify({ level: LEVELS[level], time: Date.now(), app, msg });
}

/** `line` as an object, when it is one JSON object. */
function parseObject(line) {
  if (!line.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(line);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * json: whether to print JSON lines (standard output is not a terminal).
 * write: where lines go (standard output); writeError: where the supervisor's warnings and errors go
 * in a terminal (standard error). JSON lines all go to `write`, for one stream to read.
 */
function createOutput({
  json,
  write = (text) => process.stdout.write(text),
  writeError = (text) => process.stderr.write(text),
}) {
  /** One line an app wrote on its standard output (`stream: 'stdout'`) or error (`'stderr'`). */
  function appLine(app, line, stream = 'stdout') {
    if (!json) return write(`\x1b[${COLORS[app] ?? '0'}m[${app}]\x1b[0m ${line}\n`);
    if (line.trim() === '') return undefined;
    const object = parseObject(line);
    // The app's name first, then the line as the app wrote it.
    if (object) return write(`${JSON.stringify({ app, ...object })}\n`);
    return write(`${jsonLine(app, stream === 'stderr' ? 'error' : 'info', line)}\n`);
  }

  /** A message of `npm start` itself: one line per line of text, blank lines dropped in JSON. */
  function say(level, ...args) {
    for (const line of format(...args).split('\n')) {
      if (json) {
        if (line.trim() !== '') write(`${jsonLine('supervisor', level, line.trim())}\n`);
      } else if (level === 'info') write(`\x1b[33m[supervisor]\x1b[0m ${line}\n`);
      else writeError(`${line}\n`);
    }
  }

  /** Prints a child's stdout and stderr line by line, a last line without its newline included. */
  function relay(app, child) {
    for (const [stream, name] of [
      [child.stdout, 'stdout'],
      [child.stderr, 'stderr'],
    ]) {
      let buffered = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop();
        for (const line of lines) appLine(app, line, name);
      });
      stream.on('end', () => {
        if (buffered) appLine(app, buffered, name);
        buffered = '';
      });
    }
  }

  return { json, appLine, say, relay };
}

module.exports = { createOutput };
