import { FailedAttempt, failedAttemptLog } from './failed-attempt';

const FAILURE: FailedAttempt = {
  endpointId: '0b7c2f0e-5d3a-4c1e-9a51-2f6f3b1c9d10',
  deliveryId: '5f1d9a3e-8b2c-4e7d-a6f0-1c3b5d7e9f21',
  eventId: 'evt_01HZX',
  attempt: 2,
  httpStatus: 503,
  error: 'HTTP 503',
  nextAttemptAt: Date.UTC(2026, 10, 25, 12, 30, 5),
};

describe('failedAttemptLog', () => {
  it('names the endpoint, the delivery, the status or error, the attempt and the next try', () => {
    expect(failedAttemptLog('retrying', FAILURE)).toEqual({
      fields: {
        endpointId: FAILURE.endpointId,
        deliveryId: FAILURE.deliveryId,
        eventId: 'evt_01HZX',
        attempt: 2,
        httpStatus: 503,
        error: 'HTTP 503',
        nextAttemptAt: '2026-11-25T12:30:05.000Z',
        outcome: 'retrying',
      },
      message: 'Webhook attempt 2 failed (HTTP 503); next try at 2026-11-25T12:30:05.000Z',
    });
  });

  it.each([
    ['failed', 'no retry left: the delivery failed'],
    ['retrying', 'another attempt recorded meanwhile schedules the next try'],
  ] as const)('says what comes next when this attempt scheduled no try (%s)', (outcome, next) => {
    const { fields, message } = failedAttemptLog(outcome, {
      ...FAILURE,
      httpStatus: null,
      error: 'No answer within 10000 ms',
      nextAttemptAt: null,
    });
    expect(fields).toMatchObject({ httpStatus: null, nextAttemptAt: null, outcome });
    expect(message).toBe(`Webhook attempt 2 failed (No answer within 10000 ms); ${next}`);
  });

  it('carries nothing but those fields: no URL, secret, signature or payload can reach the line', () => {
    const withMore = {
      ...FAILURE,
      url: 'https://hooks.example/?token=s3cret',
      secret: 'whsec_abc',
      event: { data: { name: 'Juan' } },
    } as FailedAttempt;
    const { fields, message } = failedAttemptLog('retrying', withMore);
    expect(Object.keys(fields).sort()).toEqual(
      [
        'attempt',
        'deliveryId',
        'endpointId',
        'error',
        'eventId',
        'httpStatus',
        'nextAttemptAt',
        'outcome',
      ].sort(),
    );
    expect(JSON.stringify({ fields, message })).not.toMatch(/token|whsec_|Juan/);
  });
});
