import { loadAppConfig } from './app-config';
import { testConfig } from './app-config.fixture';

describe('testConfig', () => {
  it('is the test environment’s defaults when given nothing', () => {
    expect(testConfig()).toEqual(loadAppConfig({ NODE_ENV: 'test' }));
  });

  it('sets the fields named and keeps the rest of their section', () => {
    const config = testConfig({ serviceTimezone: 'Europe/Madrid', webhooks: { retrySchedule: [1, 2] } });
    const defaults = loadAppConfig({ NODE_ENV: 'test' });
    expect(config.serviceTimezone).toBe('Europe/Madrid');
    expect(config.webhooks).toEqual({ ...defaults.webhooks, retrySchedule: [1, 2] });
    expect(config.auth).toEqual(defaults.auth);
  });
});
