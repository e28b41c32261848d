import { OneAtATime } from './one-at-a-time';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A task that notes when it starts and ends, with a turn of the event loop between. */
const noted = (log: string[], name: string) => async () => {
  log.push(`${name} starts`);
  await tick();
  log.push(`${name} ends`);
  return name;
};

describe('OneAtATime', () => {
  it('runs tasks of one key one after the other, in arrival order', async () => {
    const turns = new OneAtATime();
    const log: string[] = [];
    const results = await Promise.all([turns.run('r1', noted(log, 'a')), turns.run('r1', noted(log, 'b'))]);
    expect(results).toEqual(['a', 'b']);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
  });

  it('lets tasks of different keys run at the same time', async () => {
    const turns = new OneAtATime();
    const log: string[] = [];
    await Promise.all([turns.run('r1', noted(log, 'a')), turns.run('r2', noted(log, 'b'))]);
    expect(log.slice(0, 2)).toEqual(['a starts', 'b starts']);
  });

  it('gives the next task its turn after a failure, and passes the failure to its caller', async () => {
    const turns = new OneAtATime();
    const failed = turns.run('r1', () => Promise.reject(new Error('boom')));
    const next = turns.run('r1', () => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });

  it('forgets a key once its last task has settled', async () => {
    const turns = new OneAtATime();
    await turns.run('r1', () => Promise.resolve(1));
    await tick();
    expect(turns.size).toBe(0);
  });
});
