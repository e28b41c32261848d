import { retryingDeadlocks } from './executor';

/** A failure as TypeORM throws it (the driver's code copied, and kept as driverError). */
const failure = (code: string) => Object.assign(new Error(code), { code, driverError: { code } });

describe('retryingDeadlocks', () => {
  it('runs the work again when PostgreSQL chose it as a deadlock’s victim, and answers its result', async () => {
    const work = jest.fn().mockRejectedValueOnce(failure('40P01')).mockResolvedValueOnce('done');
    await expect(retryingDeadlocks(work)).resolves.toBe('done');
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('recognises the code on the driver’s error alone (a plain pg error has it on itself)', async () => {
    const typeorm = Object.assign(new Error('query failed'), { driverError: { code: '40P01' } });
    const work = jest.fn().mockRejectedValueOnce(typeorm).mockResolvedValueOnce(1);
    await expect(retryingDeadlocks(work)).resolves.toBe(1);
  });

  it('gives up after the tries given, with the last deadlock', async () => {
    const work = jest.fn().mockRejectedValue(failure('40P01'));
    await expect(retryingDeadlocks(work, 3)).rejects.toMatchObject({ code: '40P01' });
    expect(work).toHaveBeenCalledTimes(3);
  });

  it('throws any other failure at once', async () => {
    const work = jest.fn().mockRejectedValue(failure('23505'));
    await expect(retryingDeadlocks(work)).rejects.toMatchObject({ code: '23505' });
    expect(work).toHaveBeenCalledTimes(1);
  });
});
