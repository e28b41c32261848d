import { EventEmitter } from 'node:events';
import { crashLogger, JsonLinesLogger, logUncaughtErrors, prettyLogs } from './crash-log';
import { exitAfterFailedStart } from '../lifecycle/startup-failure';

/** A pino that writes into an array: the lines exactly as they would reach standard output. */
function captured() {
  const lines: string[] = [];
  const logger = crashLogger((line) => lines.push(line));
  const objects = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { lines, logger, objects };
}

const ANSI = new RegExp(String.fromCharCode(0x1b));

describe('prettyLogs', () => {
  it.each([
    [{ NODE_ENV: 'development' }, true, true],
    [{}, true, true],
    [{ NODE_ENV: 'development', LOG_PRETTY: '1' }, false, true],
    [{ NODE_ENV: 'development' }, false, false],
    [{ NODE_ENV: 'production' }, true, false],
    [{ NODE_ENV: 'test', LOG_PRETTY: '1' }, true, false],
  ])('%j, a terminal: %s -> %s', (env, isTTY, pretty) => {
    expect(prettyLogs(env as NodeJS.ProcessEnv, isTTY)).toBe(pretty);
  });
});

describe('JsonLinesLogger (Nest before nestjs-pino)', () => {
  it("writes Nest's ExceptionHandler report of a failed start as one JSON line, without colour codes", () => {
    const { lines, logger, objects } = captured();
    const error = Object.assign(new Error('Invalid configuration: JWT_SECRET is required'), {
      variable: 'JWT_SECRET',
    });
    // What Nest's Logger('ExceptionHandler').error(exception) hands the logger it was given.
    new JsonLinesLogger(logger).error(error, undefined, 'ExceptionHandler');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(ANSI);
    expect(objects()[0]).toMatchObject({
      level: 50,
      context: 'ExceptionHandler',
      msg: 'Invalid configuration: JWT_SECRET is required',
      err: {
        type: 'Error',
        message: 'Invalid configuration: JWT_SECRET is required',
        stack: expect.any(String),
      },
    });
  });

  it("keeps Nest's other shapes: a message with its context, an object with a message, a stack as text", () => {
    const { logger, objects } = captured();
    const json = new JsonLinesLogger(logger);
    json.log('Starting Nest application...', 'NestFactory');
    json.log({ tuning: { heap: 1 } }, 'Runtime tuned', 'Runtime');
    json.error('Something broke', 'Error: x\n    at y', 'Boot');
    json.warn('Careful');
    expect(objects()).toEqual([
      expect.objectContaining({ level: 30, context: 'NestFactory', msg: 'Starting Nest application...' }),
      expect.objectContaining({ level: 30, context: 'Runtime', tuning: { heap: 1 }, msg: 'Runtime tuned' }),
      expect.objectContaining({
        level: 50,
        context: 'Boot',
        msg: 'Something broke',
        err: { stack: 'Error: x\n    at y' },
      }),
      expect.objectContaining({ level: 40, msg: 'Careful' }),
    ]);
  });
});

describe('logUncaughtErrors', () => {
  it('ends the app with code 1 after one fatal JSON line naming the app and the error', () => {
    const { lines, logger, objects } = captured();
    const target = Object.assign(new EventEmitter(), {
      exit: jest.fn((code: number) => {
        throw new Error(`exit ${code}`);
      }) as unknown as (code: number) => never,
    });
    logUncaughtErrors('processor', target, logger);
    expect(() => target.emit('uncaughtException', new TypeError('x is not a function'))).toThrow('exit 1');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(ANSI);
    expect(objects()[0]).toMatchObject({
      level: 60,
      app: 'processor',
      msg: 'The processor stopped on an error nobody caught',
      err: { type: 'TypeError', message: 'x is not a function' },
    });
  });

  it("leaves Node's own output to pretty logs (no logger)", () => {
    const target = new EventEmitter();
    logUncaughtErrors('api', Object.assign(target, { exit: jest.fn() as never }), null);
    expect(target.listenerCount('uncaughtException')).toBe(0);
  });
});

describe('exitAfterFailedStart', () => {
  let exit: jest.SpyInstance;
  beforeEach(() => {
    exit = jest.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
  });
  afterEach(() => exit.mockRestore());

  it('says why in one fatal JSON line, with the exit code', () => {
    const { logger, objects } = captured();
    expect(() => exitAfterFailedStart('processor', new Error('JWT_SECRET is required'), logger)).toThrow(
      'exit 1',
    );
    expect(objects()).toEqual([
      expect.objectContaining({ level: 60, app: 'processor', exitCode: 1, msg: 'JWT_SECRET is required' }),
    ]);
  });

  it('exits 69 for an unreachable PostgreSQL or Redis, saying npm start tries again', () => {
    const { logger, objects } = captured();
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(() => exitAfterFailedStart('api', refused, logger)).toThrow('exit 69');
    expect(objects()[0]).toMatchObject({
      level: 60,
      exitCode: 69,
      msg: expect.stringMatching(/^The api cannot start: PostgreSQL or Redis cannot be reached/),
    });
  });
});
