import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, DEV_JWT_SECRET, loadAppConfig, REPOSITORY_JWT_SECRETS } from './app-config';

describe('loadAppConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadAppConfig({});
    expect(config).toEqual(
      expect.objectContaining({
        nodeEnv: 'development',
        port: 3000,
        databaseUrl: 'postgres://postgres@127.0.0.1:5432/screening',
        redisUrl: 'redis://127.0.0.1:6379',
        serviceTimezone: 'America/Mexico_City',
        demoPassword: 'Demo-Pass-2026!',
      }),
    );
    expect(config.auth.jwtSecret).toBe(DEV_JWT_SECRET);
    expect(config.auth.accessTtl).toBe(900);
    expect(config.sandbox).toEqual({ latencyMs: 200, failureRate: 0 });
    expect(config.metrics).toEqual({ apiPort: 9100, processorPort: 9101 });
    expect(config.shutdownReadinessDelayMs).toBe(0);
  });

  it.each([
    ['PORT', 'abc', /PORT must be a whole number/],
    ['PORT', '70000', /PORT must be between 1 and 65535/],
    ['DATABASE_URL', 'not a url', /DATABASE_URL must be a URL/],
    ['DATABASE_URL', 'mysql://x/y', /DATABASE_URL must use postgres:/],
    ['REDIS_URL', 'http://x', /REDIS_URL must use redis:/],
    ['SERVICE_TIMEZONE', 'Mars/Olympus', /SERVICE_TIMEZONE must be an IANA time zone/],
    ['JWT_ACCESS_TTL', 'soon', /JWT_ACCESS_TTL must be seconds or a duration/],
    ['JWT_SECRET', 'short', /JWT_SECRET must be at least 32 characters/],
    ['SANDBOX_FAILURE_RATE', '1.5', /SANDBOX_FAILURE_RATE must be a number from 0 to 1/],
    ['NODE_ENV', 'staging', /NODE_ENV must be development, production or test/],
    ['METRICS_PORT', 'x', /METRICS_PORT must be a whole number/],
    ['METRICS_PORT', '3000', /METRICS_PORT must differ from PORT/],
    ['PROCESSOR_METRICS_PORT', '9100', /PROCESSOR_METRICS_PORT must differ from METRICS_PORT/],
    ['PROCESSOR_METRICS_PORT', '65536', /PROCESSOR_METRICS_PORT must be between 0 and 65535/],
    ['SHUTDOWN_READINESS_DELAY_MS', '-1', /SHUTDOWN_READINESS_DELAY_MS must be between 0 and 60000/],
  ])('stops on a bad %s naming the variable', (name, value, message) => {
    expect(() => loadAppConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadAppConfig({ [name]: value })).toThrow(message);
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadAppConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET is required when NODE_ENV=production/,
    );
    expect(loadAppConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).auth.jwtSecret).toBe(
      'x'.repeat(32),
    );
  });

  it.each(REPOSITORY_JWT_SECRETS.map((secret) => [secret]))(
    'refuses the published secret %s in production',
    (secret) => {
      expect(() => loadAppConfig({ NODE_ENV: 'production', JWT_SECRET: secret })).toThrow(
        /JWT_SECRET is a value published in the repository/,
      );
      expect(loadAppConfig({ NODE_ENV: 'development', JWT_SECRET: secret }).auth.jwtSecret).toBe(secret);
    },
  );

  it('lists every JWT secret written in the repository', () => {
    const root = join(__dirname, '..', '..', '..', '..');
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((file) => file && !/(^|\/)(package-lock\.json|openapi\.json|schema\.d\.ts)$/.test(file));
    const written = new Set<string>();
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const match of text.matchAll(/JWT_SECRET\W{1,6}([\w+/=.-]{32,})/g)) written.add(match[1]);
    }
    expect(written.size).toBeGreaterThan(0);
    expect([...written].filter((secret) => !REPOSITORY_JWT_SECRETS.includes(secret))).toEqual([]);
  });

  it.each([
    ['15m', 900],
    ['1h', 3600],
    ['120', 120],
  ])('reads JWT_ACCESS_TTL=%s as %i seconds', (value, seconds) => {
    expect(loadAppConfig({ JWT_ACCESS_TTL: value }).auth.accessTtl).toBe(seconds);
  });

  it('needs both queue dashboard credentials or none', () => {
    expect(() => loadAppConfig({ QUEUE_DASHBOARD_USER: 'qa' })).toThrow(/QUEUE_DASHBOARD_PASSWORD/);
    expect(
      loadAppConfig({ QUEUE_DASHBOARD_USER: 'qa', QUEUE_DASHBOARD_PASSWORD: 'pw' }).queueDashboard,
    ).toEqual({ user: 'qa', password: 'pw' });
  });

  it('turns a metrics endpoint off with port 0', () => {
    expect(loadAppConfig({ METRICS_PORT: '0', PROCESSOR_METRICS_PORT: '0' }).metrics).toEqual({
      apiPort: 0,
      processorPort: 0,
    });
  });
});
