import { isDependencyOutage, outagePauseMs, waitOutOutages } from './dependency-outage';

/** An error as a driver makes it: a message and the fields it sets. */
const driverError = (message: string, fields: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), fields);

describe('isDependencyOutage', () => {
  it.each([
    [
      'pg: server stopped (connection refused)',
      driverError('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', syscall: 'connect' }),
    ],
    [
      'pg: terminated by a fast shutdown (57P01)',
      driverError('terminating connection due to administrator command', {
        code: '57P01',
        severity: 'FATAL',
      }),
    ],
    [
      'pg: crash shutdown (57P02)',
      driverError('terminating connection because of crash of another server process', { code: '57P02' }),
    ],
    ['pg: starting up (57P03)', driverError('the database system is starting up', { code: '57P03' })],
    ['pg: shutting down, without a code', driverError('the database system is shutting down')],
    ['pg: too many connections', driverError('sorry, too many clients already', { code: '53300' })],
    ['pg: connection failure (08006)', driverError('connection failure', { code: '08006' })],
    ['pg: the socket ended', driverError('Connection terminated unexpectedly')],
    ['pg: connect timeout', driverError('Connection terminated due to connection timeout')],
    ['pg-pool: no connection in time', driverError('timeout exceeded when trying to connect')],
    [
      'pg: a client that broke earlier',
      driverError('Client has encountered a connection error and is not queryable'),
    ],
    ['ioredis: closed', driverError('Connection is closed.')],
    [
      'ioredis: retries spent',
      driverError('Reached the max retries per request limit (which is 1).', {
        name: 'MaxRetriesPerRequestError',
      }),
    ],
    ['ioredis: by name only', Object.assign(new Error('x'), { name: 'MaxRetriesPerRequestError' })],
    [
      'ioredis: no offline queue',
      driverError("Stream isn't writeable and enableOfflineQueue options is false"),
    ],
    ['a reset connection', driverError('read ECONNRESET', { code: 'ECONNRESET' })],
    [
      'TypeORM wrapping pg',
      driverError('QueryFailedError', { driverError: driverError('x', { code: '57P01' }) }),
    ],
    [
      'an error caused by an outage',
      new Error('legal-records source failed', { cause: driverError('y', { code: 'ECONNREFUSED' }) }),
    ],
    [
      'every address refused (AggregateError)',
      Object.assign(new AggregateError([driverError('a', { code: 'ECONNREFUSED' })], ''), {}),
    ],
  ])('%s: an outage', (_, error) => {
    expect(isDependencyOutage(error)).toBe(true);
  });

  it.each([
    ['a unique violation', driverError('duplicate key value violates unique constraint', { code: '23505' })],
    ['a syntax error', driverError('syntax error at or near "SELEC"', { code: '42601' })],
    ['a statement timeout', driverError('canceling statement due to statement timeout', { code: '57014' })],
    ['a serialization failure', driverError('could not serialize access', { code: '40001' })],
    ['a provider failure', new Error('Sandbox provider for Peps did not answer')],
    ['a plain timeout of our own', new Error('timed out after 2000 ms')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a string', 'ECONNREFUSED'],
    ['null', null],
    ['undefined', undefined],
  ])('%s: not an outage', (_, error) => {
    expect(isDependencyOutage(error)).toBe(false);
  });

  it('stops following causes after a few levels (a cycle cannot loop)', () => {
    const a: Error & { cause?: unknown } = new Error('a');
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDependencyOutage(a)).toBe(false);
  });
});

describe('outagePauseMs', () => {
  it.each([
    [0, 0.5, 250],
    [1, 0.5, 500],
    [2, 0.5, 1_000],
    [4, 0.5, 4_000],
    [5, 0.5, 5_000],
    [60, 0.5, 5_000],
    [0, 0, 200],
    [0, 1, 300],
    [9, 1, 6_000],
  ])('retry %i with random %d: %i ms', (retry, random, expected) => {
    expect(outagePauseMs(retry, undefined, undefined, () => random)).toBe(expected);
  });
});

describe('waitOutOutages', () => {
  const outage = () => driverError('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' });

  function failing(times: number, error: () => unknown = outage) {
    let calls = 0;
    const work = jest.fn(async () => {
      calls += 1;
      if (calls <= times) throw error();
      return 'done';
    });
    return work;
  }

  it('runs again after each outage error, with growing pauses, until the work succeeds', async () => {
    const pauses: number[] = [];
    const events: string[] = [];
    const work = failing(4);
    const result = await waitOutOutages(work, {
      sleep: async (ms) => void pauses.push(ms),
      random: () => 0.5,
      observer: { waiting: () => events.push('waiting'), waitEnded: () => events.push('ended') },
    });
    expect(result).toBe('done');
    expect(work).toHaveBeenCalledTimes(5);
    expect(pauses).toEqual([250, 500, 1_000, 2_000]);
    expect(events).toEqual(['waiting', 'ended']); // once per piece of work, not per retry
  });

  it('throws any other error at once, without waiting or telling the observer', async () => {
    const events: string[] = [];
    const work = failing(1, () => new Error('duplicate key'));
    await expect(
      waitOutOutages(work, {
        sleep: async () => undefined,
        observer: { waiting: () => events.push('waiting'), waitEnded: () => events.push('ended') },
      }),
    ).rejects.toThrow('duplicate key');
    expect(work).toHaveBeenCalledTimes(1);
    expect(events).toEqual([]);
  });

  it('throws the outage error once told to give up (a shutdown), and tells the observer it ended', async () => {
    let stopping = false;
    const events: string[] = [];
    const work = failing(100);
    const pauses: number[] = [];
    await expect(
      waitOutOutages(work, {
        sleep: async (ms) => {
          pauses.push(ms);
          if (pauses.length === 3) stopping = true;
        },
        giveUp: () => stopping,
        observer: { waiting: () => events.push('waiting'), waitEnded: () => events.push('ended') },
      }),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(work).toHaveBeenCalledTimes(4);
    expect(events).toEqual(['waiting', 'ended']);
  });

  it('answers at once, untouched, when there is no outage', async () => {
    const sleep = jest.fn(async () => undefined);
    await expect(waitOutOutages(async () => 42, { sleep })).resolves.toBe(42);
    expect(sleep).not.toHaveBeenCalled();
  });
});
