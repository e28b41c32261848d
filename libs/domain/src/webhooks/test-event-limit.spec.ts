import { TEST_EVENT_LIMIT, testEventLimitMessage } from './test-event-limit';

describe('testEventLimitMessage', () => {
  it.each([
    [1, 'At most 10 test events per endpoint every 60 seconds: try again in 1 second.'],
    [42, 'At most 10 test events per endpoint every 60 seconds: try again in 42 seconds.'],
  ])('says the limit and the wait (%i s)', (wait, message) => {
    expect(TEST_EVENT_LIMIT).toEqual({ max: 10, windowSeconds: 60 });
    expect(testEventLimitMessage(wait)).toBe(message);
  });
});
