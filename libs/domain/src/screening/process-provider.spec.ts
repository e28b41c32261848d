import { outcomeAfterRetriesExhausted, RETRY_POLICY } from './process-provider';

describe('retries', () => {
  it('tries three times and ends as No disponible', () => {
    expect(RETRY_POLICY.attempts).toBe(3);
    expect(outcomeAfterRetriesExhausted('Peps')).toEqual({
      result: 'No disponible',
      summary: expect.objectContaining({ providerAnswered: false }),
    });
  });
});
