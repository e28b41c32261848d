import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ConfigError,
  DEV_JWT_SECRET,
  DEV_WEBHOOKS_SECRET_KEY,
  loadAppConfig,
  REPOSITORY_JWT_SECRETS,
  REPOSITORY_WEBHOOKS_SECRET_KEYS,
} from './app-config';

/** The text of every file git tracks, generated ones aside: where a published secret would be written. */
function trackedFiles(): string[] {
  const root = join(__dirname, '..', '..', '..', '..');
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && !/(^|\/)(package-lock\.json|openapi\.json|schema\.d\.ts)$/.test(file))
    .map((file) => readFileSync(join(root, file), 'utf8'));
}

/** Secrets as production wants them: random, never written anywhere. */
const randomJwtSecret = () => randomBytes(48).toString('base64');
const randomWebhooksKey = () => randomBytes(32).toString('base64');

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
    expect(config.sandbox).toEqual({ latencyMs: 200, failureRate: 0, listProcesses: false });
    expect(config.metrics).toEqual({ host: '127.0.0.1', apiPort: 9100, processorPort: 9101 });
    expect(config.shutdownReadinessDelayMs).toBe(0);
    expect(config.livenessMaxBlockMs).toBe(30_000);
    expect(config.corsOrigins).toEqual(['http://localhost:*', 'http://127.0.0.1:*']);
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
    ['METRICS_HOST', 'metrics.internal', /METRICS_HOST must be an IP address/],
    ['LIVENESS_MAX_BLOCK_MS', '500', /LIVENESS_MAX_BLOCK_MS must be 0 \(off\) or at least 1000/],
    ['LIVENESS_MAX_BLOCK_MS', 'soon', /LIVENESS_MAX_BLOCK_MS must be a whole number/],
    ['CORS_ORIGINS', 'localhost:4700', /CORS_ORIGINS must list origins/],
    ['CORS_ORIGINS', 'https://app.example.com/', /CORS_ORIGINS must list origins/],
  ])('stops on a bad %s naming the variable', (name, value, message) => {
    expect(() => loadAppConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadAppConfig({ [name]: value })).toThrow(message);
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadAppConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET is required when NODE_ENV=production/,
    );
    const secret = randomJwtSecret();
    expect(
      loadAppConfig({ NODE_ENV: 'production', JWT_SECRET: secret, WEBHOOKS_SECRET_KEY: randomWebhooksKey() })
        .auth.jwtSecret,
    ).toBe(secret);
  });

  it.each([
    ['one letter 32 times', 'x'.repeat(32)],
    ['one letter 64 times', 'A'.repeat(64)],
    ['a word repeated', 'Password123'.repeat(3)],
    ['two characters', '01'.repeat(32)],
  ])('refuses a JWT_SECRET of %s in production, naming the variable', (_label, secret) => {
    const env = { NODE_ENV: 'production', JWT_SECRET: secret, WEBHOOKS_SECRET_KEY: randomWebhooksKey() };
    expect(() => loadAppConfig(env)).toThrow(ConfigError);
    expect(() => loadAppConfig(env)).toThrow(
      /^Invalid configuration: JWT_SECRET is too predictable for production: its characters carry about \d+ bits of entropy, a random value at least 128 .*openssl rand -base64 48/,
    );
    // Development and tests take it (with the length rule only).
    expect(loadAppConfig({ NODE_ENV: 'development', JWT_SECRET: secret }).auth.jwtSecret).toBe(secret);
  });

  it('says a short secret is short before it says it is predictable', () => {
    expect(() => loadAppConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(31) })).toThrow(
      /JWT_SECRET must be at least 32 characters/,
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
    const written = new Set<string>();
    for (const text of trackedFiles())
      for (const match of text.matchAll(/JWT_SECRET\W{1,6}([\w+/=.-]{32,})/g)) written.add(match[1]);
    expect(written.size).toBeGreaterThan(0);
    expect([...written].filter((secret) => !REPOSITORY_JWT_SECRETS.includes(secret))).toEqual([]);
  });

  it.each([
    ['15m', 900],
    ['1h', 3600],
    ['120', 120],
    ['1.5m', 90],
    ['2 hours', 7200],
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
      host: '127.0.0.1',
      apiPort: 0,
      processorPort: 0,
    });
  });
});

describe('loadAppConfig: CORS_ORIGINS', () => {
  const production = {
    NODE_ENV: 'production',
    // Random: strong enough for production, and written nowhere in the repository.
    JWT_SECRET: randomBytes(36).toString('base64'),
    WEBHOOKS_SECRET_KEY: randomBytes(32).toString('base64'),
  };

  it('allows localhost on any port outside production and nothing in production by default', () => {
    expect(loadAppConfig({ NODE_ENV: 'test' }).corsOrigins).toEqual([
      'http://localhost:*',
      'http://127.0.0.1:*',
    ]);
    expect(loadAppConfig(production).corsOrigins).toEqual([]);
  });

  it('reads the listed origins', () => {
    expect(
      loadAppConfig({ ...production, CORS_ORIGINS: 'https://app.example.com, https://admin.example.com' })
        .corsOrigins,
    ).toEqual(['https://app.example.com', 'https://admin.example.com']);
  });

  it('takes * only outside production', () => {
    expect(loadAppConfig({ CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
    expect(() => loadAppConfig({ ...production, CORS_ORIGINS: '*' })).toThrow(
      /CORS_ORIGINS may not be \* when NODE_ENV=production/,
    );
    expect(() => loadAppConfig({ ...production, CORS_ORIGINS: 'https://app.example.com,*' })).toThrow(
      ConfigError,
    );
  });
});

describe('loadAppConfig: webhooks', () => {
  const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: randomJwtSecret() };
  const KEY = randomWebhooksKey();

  it('applies the documented defaults', () => {
    expect(loadAppConfig({}).webhooks).toEqual({
      secretKey: DEV_WEBHOOKS_SECRET_KEY,
      allowPrivateUrls: true,
      timeoutMs: 10_000,
      retrySchedule: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
      maxEndpointsPerClient: 20,
    });
    expect(Buffer.from(DEV_WEBHOOKS_SECRET_KEY, 'base64')).toHaveLength(32);
  });

  it('reads WEBHOOKS_MAX_ENDPOINTS_PER_CLIENT and refuses one below 1', () => {
    expect(loadAppConfig({ WEBHOOKS_MAX_ENDPOINTS_PER_CLIENT: '3' }).webhooks.maxEndpointsPerClient).toBe(3);
    expect(() => loadAppConfig({ WEBHOOKS_MAX_ENDPOINTS_PER_CLIENT: '0' })).toThrow(
      /WEBHOOKS_MAX_ENDPOINTS_PER_CLIENT/,
    );
  });

  it('refuses private URLs by default only in production', () => {
    expect(loadAppConfig({ NODE_ENV: 'test' }).webhooks.allowPrivateUrls).toBe(true);
    expect(loadAppConfig({ ...PRODUCTION, WEBHOOKS_SECRET_KEY: KEY }).webhooks.allowPrivateUrls).toBe(false);
    expect(
      loadAppConfig({ ...PRODUCTION, WEBHOOKS_SECRET_KEY: KEY, WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' }).webhooks
        .allowPrivateUrls,
    ).toBe(true);
    expect(loadAppConfig({ WEBHOOKS_ALLOW_PRIVATE_URLS: 'false' }).webhooks.allowPrivateUrls).toBe(false);
  });

  it('requires WEBHOOKS_SECRET_KEY in production', () => {
    expect(() => loadAppConfig(PRODUCTION)).toThrow(
      /WEBHOOKS_SECRET_KEY is required when NODE_ENV=production/,
    );
    expect(loadAppConfig({ ...PRODUCTION, WEBHOOKS_SECRET_KEY: KEY }).webhooks.secretKey).toBe(KEY);
  });

  it.each([
    ['32 zero bytes', Buffer.alloc(32)],
    ['one byte 32 times', Buffer.alloc(32, 7)],
    ['two bytes alternating', Buffer.from('ab'.repeat(16))],
    ['a 4-byte unit repeated', Buffer.from('k3J9'.repeat(8))],
  ])('refuses a WEBHOOKS_SECRET_KEY of %s in production, naming the variable', (_label, bytes) => {
    const key = bytes.toString('base64');
    expect(() => loadAppConfig({ ...PRODUCTION, WEBHOOKS_SECRET_KEY: key })).toThrow(
      /^Invalid configuration: WEBHOOKS_SECRET_KEY is too predictable for production: its bytes carry about \d+ bits .*openssl rand -base64 32/,
    );
    expect(loadAppConfig({ NODE_ENV: 'development', WEBHOOKS_SECRET_KEY: key }).webhooks.secretKey).toBe(key);
  });

  it.each(REPOSITORY_WEBHOOKS_SECRET_KEYS.map((key) => [key]))(
    'refuses the published key %s in production',
    (key) => {
      expect(() => loadAppConfig({ ...PRODUCTION, WEBHOOKS_SECRET_KEY: key })).toThrow(
        /WEBHOOKS_SECRET_KEY is a value published in the repository/,
      );
      expect(loadAppConfig({ NODE_ENV: 'development', WEBHOOKS_SECRET_KEY: key }).webhooks.secretKey).toBe(
        key,
      );
    },
  );

  it.each([
    ['WEBHOOKS_SECRET_KEY', Buffer.alloc(16).toString('base64'), /base64 of 32 random bytes/],
    ['WEBHOOKS_SECRET_KEY', 'not base64 at all!', /base64 of 32 random bytes/],
    ['WEBHOOKS_ALLOW_PRIVATE_URLS', 'maybe', /WEBHOOKS_ALLOW_PRIVATE_URLS must be true or false/],
    ['WEBHOOKS_TIMEOUT_MS', 'soon', /WEBHOOKS_TIMEOUT_MS must be a whole number/],
    ['WEBHOOKS_TIMEOUT_MS', '0', /WEBHOOKS_TIMEOUT_MS must be between 100 and 120000/],
    ['WEBHOOKS_RETRY_SCHEDULE', '5s,,5m', /WEBHOOKS_RETRY_SCHEDULE must be delays like 5s/],
    ['WEBHOOKS_RETRY_SCHEDULE', '9d', /WEBHOOKS_RETRY_SCHEDULE must have delays from 1ms to 7d/],
  ])('stops on a bad %s naming the variable', (name, value, message) => {
    expect(() => loadAppConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadAppConfig({ [name]: value })).toThrow(message);
  });

  it('reads a short schedule for tests', () => {
    expect(loadAppConfig({ WEBHOOKS_RETRY_SCHEDULE: '1s,1s,1s' }).webhooks.retrySchedule).toEqual([
      1_000, 1_000, 1_000,
    ]);
  });

  it('lists every WEBHOOKS_SECRET_KEY written in the repository', () => {
    const written = new Set<string>();
    for (const text of trackedFiles())
      for (const match of text.matchAll(/WEBHOOKS_SECRET_KEY\W{1,6}([A-Za-z0-9+/_-]{40,}={0,2})/g))
        written.add(match[1]);
    expect(written.size).toBeGreaterThan(0);
    expect([...written].filter((key) => !REPOSITORY_WEBHOOKS_SECRET_KEYS.includes(key))).toEqual([]);
  });
});
