import { stdSerializers } from 'pino';
import { serializeErrorSafely } from './safe-error';

/** The shape TypeORM's QueryFailedError takes: the driver's fields plus the statement and its values. */
function queryFailedError(): Error {
  const error = new Error('invalid input syntax for type uuid: "Juan Pérez"');
  Object.assign(error, {
    query: 'SELECT * FROM candidate WHERE id = $1',
    parameters: ['Juan Pérez', 'PEJJ900101AB1'],
    driverError: { detail: 'Failing row contains (Juan Pérez)' },
    detail: 'Failing row contains (Juan Pérez, PEJJ900101AB1)',
    severity: 'ERROR',
    code: '22P02',
    table: 'candidate',
  });
  return error;
}

describe('serializeErrorSafely', () => {
  it.each([
    ['the error itself', (error: Error) => error],
    ['the error as pino-http serialized it', (error: Error) => stdSerializers.err(error)],
  ])('keeps values out of a database error given %s', (_label, shape) => {
    const safe = serializeErrorSafely(shape(queryFailedError()));
    const text = JSON.stringify(safe);
    expect(text).not.toContain('Juan');
    expect(text).not.toContain('PEJJ');
    expect(safe).toEqual(
      expect.objectContaining({
        message: 'invalid input syntax for type uuid: "[redacted]"',
        code: '22P02',
        table: 'candidate',
        query: 'SELECT * FROM candidate WHERE id = $1',
      }),
    );
  });

  it('serializes other errors as pino does', () => {
    const error = new Error('Redis is down');
    expect(serializeErrorSafely(error)).toEqual(stdSerializers.err(error));
  });
});
