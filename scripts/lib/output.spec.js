'use strict';
const { EventEmitter } = require('node:events');
const { PassThrough } = require('node:stream');
const { createOutput } = require('./output');

function capture(json) {
  const lines = { out: '', err: '' };
  const output = createOutput({
    json,
    write: (text) => (lines.out += text),
    writeError: (text) => (lines.err += text),
  });
  return { output, lines };
}

describe('createOutput for programs (not a terminal)', () => {
  it("adds the app's name to its JSON lines and keeps every field", () => {
    const { output, lines } = capture(true);
    output.appLine('api', '{"level":30,"time":1,"msg":"request completed","status":200}');
    expect(lines.out.endsWith('\n')).toBe(true);
    expect(JSON.parse(lines.out)).toEqual({
      app: 'api',
      level: 30,
      time: 1,
      msg: 'request completed',
      status: 200,
    });
  });

  it.each([
    ['Error: listen EADDRINUSE', 'stderr', 50],
    ['    at Server.listen (node:net:1)', 'stderr', 50],
    ['{ not: json }', 'stdout', 30],
    ['[1,2]', 'stdout', 30],
  ])('turns the text %j into a JSON line of its own', (text, stream, level) => {
    const { output, lines } = capture(true);
    output.appLine('processor', text, stream);
    expect(JSON.parse(lines.out)).toEqual({ level, time: expect.any(Number), app: 'processor', msg: text });
  });

  it("writes the supervisor's messages as JSON lines, one per line of text, blank ones dropped", () => {
    const { output, lines } = capture(true);
    output.say('info', 'processor started (pid %d)', 1234);
    output.say('error', '\n✖ PostgreSQL cannot be reached\n  Start it first');
    const parsed = lines.out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(parsed).toEqual([
      { level: 30, time: expect.any(Number), app: 'supervisor', msg: 'processor started (pid 1234)' },
      { level: 50, time: expect.any(Number), app: 'supervisor', msg: '✖ PostgreSQL cannot be reached' },
      { level: 50, time: expect.any(Number), app: 'supervisor', msg: 'Start it first' },
    ]);
    expect(lines.err).toBe('');
  });

  it("relays a child's two streams line by line, the last line without a newline included", () => {
    const { output, lines } = capture(true);
    const child = Object.assign(new EventEmitter(), { stdout: new PassThrough(), stderr: new PassThrough() });
    output.relay('api', child);
    child.stdout.write('{"msg":"one"}\n{"msg":');
    child.stdout.end('"two"}');
    child.stderr.end('boom\n');
    return new Promise((resolve) => setImmediate(resolve)).then(() => {
      const parsed = lines.out
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      // In order within a stream; the two streams interleave as they come.
      expect(parsed.filter((line) => line.level !== 50).map((line) => [line.app, line.msg])).toEqual([
        ['api', 'one'],
        ['api', 'two'],
      ]);
      expect(parsed.filter((line) => line.level === 50).map((line) => [line.app, line.msg])).toEqual([
        ['api', 'boom'],
      ]);
    });
  });
});

describe('createOutput for a person (a terminal)', () => {
  it('prefixes each line with its app, in colour, as the apps wrote it', () => {
    const { output, lines } = capture(false);
    output.appLine('api', '14:05:29.442 INFO: request completed');
    output.say('info', 'api started (pid 1)');
    output.say('error', '✖ processor exited with code 1');
    expect(lines.out).toBe(
      '\x1b[36m[api]\x1b[0m 14:05:29.442 INFO: request completed\n' +
        '\x1b[33m[supervisor]\x1b[0m api started (pid 1)\n',
    );
    expect(lines.err).toBe('✖ processor exited with code 1\n');
  });
});
