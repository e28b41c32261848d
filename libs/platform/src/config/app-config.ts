import { isIP } from 'node:net';
import ms from 'ms';
import {
  DEFAULT_RETRY_SCHEDULE,
  parseRetrySchedule,
  PRIVACY_SWEEP_DEFAULT_MS,
  PRIVACY_SWEEP_MAX_MS,
  PUBLISHED_DEMO_PASSWORD,
} from '@app/domain';
import { DEVELOPMENT_CORS_ORIGINS, parseCorsOrigins } from './cors-origins';
import { weakSecretReason } from './secret-strength';

/** Where the apps, `npm start` and the scripts find PostgreSQL when DATABASE_URL is unset. */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/screening';

/**
 * The whole runtime configuration, validated once at boot. A bad value stops the process with a
 * message that names the variable, instead of failing later in some unrelated place.
 */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string;
  redisUrl: string;
  serviceTimezone: string;
  auth: {
    jwtSecret: string;
    /** Seconds. */
    accessTtl: number;
    refreshTtlDays: number;
    /** Failed sign-ins for one e-mail before a cool-down starts. */
    maxFailedSignIns: number;
    /** Seconds of the failure window and of the cool-down. */
    failedSignInWindow: number;
    /** Failed sign-ins from one address before it may use only e-mails known to sign in from it. */
    maxFailedSignInsPerAddress: number;
  };
  /**
   * Whether `X-Forwarded-For` names the client (behind a load balancer or reverse proxy). Off by
   * default: trusted blindly, it would let anyone pick the address the per-address limit counts.
   */
  trustProxy: boolean;
  demoPassword: string;
  /**
   * `listProcesses`: the three list processes answer from the sandbox (nothing listed) instead of
   * the imported lists: the baseline the benchmark compares the lists' cost with.
   */
  sandbox: { latencyMs: number; failureRate: number; listProcesses: boolean };
  legalSource: { timeoutMs: number; slowThresholdMs: number; latencyMs: number; failureRate: number };
  logLevel: string;
  /** Days the event log keeps an event (docs/integrators.md). */
  eventsRetentionDays: number;
  /** How often the api refreshes the median process durations behind estimates (docs/behaviour.md). */
  estimatesRefreshMs: number;
  /** How often the processor's retention sweep runs (docs/privacy.md): at most a minute. */
  privacySweepMs: number;
  /** Bull Board credentials; the dashboard is off when unset. */
  queueDashboard?: { user: string; password: string };
  webhooks: WebhooksConfig;
  /** Invitations and password resets (docs/operations.md, "Mail"). */
  mail: MailConfig;
  metrics: MetricsConfig;
  /**
   * SHUTDOWN_READINESS_DELAY_MS, default 0: after SIGTERM the api keeps listening this long while
   * /health/ready answers 503, so a load balancer polling it stops sending traffic before the port
   * closes. In-flight requests then still get their 10 s.
   */
  shutdownReadinessDelayMs: number;
  /**
   * LIVENESS_MAX_BLOCK_MS, default 30000: a process whose event loop has not turned for this long
   * kills itself (SIGKILL) so that its supervisor restarts it; 0 turns the watchdog off.
   */
  livenessMaxBlockMs: number;
  /**
   * CORS_ORIGINS (docs/integrators.md): browser origins allowed to call the api (see cors-origins.ts).
   * Default `http://localhost:*,http://127.0.0.1:*` outside production, none in production.
   */
  corsOrigins: readonly string[];
}

/**
 * Prometheus endpoints: `GET /metrics` on a small HTTP server of each app's own, never on the public
 * api port. Port 0 turns an app's endpoint off (e.g. a second processor on the same host).
 */
export interface MetricsConfig {
  /** METRICS_HOST, default 127.0.0.1 (loopback): the address both metrics servers bind to. */
  host: string;
  /** METRICS_PORT, default 9100. */
  apiPort: number;
  /** PROCESSOR_METRICS_PORT, default 9101. */
  processorPort: number;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

export const DEV_JWT_SECRET = 'dev-only-secret-change-me-0123456789abcdef';

/**
 * Every JWT secret that is, or ever was, written in this repository (the development default,
 * compose's old default, the test and bench stacks). Anyone can read them, so anyone could sign a
 * token with one: production refuses them. A unit test fails when a new one appears in the tree
 * without being listed here.
 */
export const REPOSITORY_JWT_SECRETS: readonly string[] = [
  DEV_JWT_SECRET,
  'change-me-to-a-long-random-secret-of-32-chars-or-more',
  'e2e-secret-0123456789abcdef0123456789abcdef',
  'bench-secret-0123456789abcdef0123456789abcdef',
];
export const DEFAULT_DEMO_PASSWORD = PUBLISHED_DEMO_PASSWORD;

type Env = Record<string, string | undefined>;

function str(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return value === undefined || value === '' ? fallback : value;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function ratio(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1)
    throw new ConfigError(name, `must be a number from 0 to 1, got "${raw}"`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function url(env: Env, name: string, fallback: string, protocols: string[]): string {
  const value = str(env, name, fallback);
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, `must be a URL such as ${fallback}, got "${value}"`);
  }
  if (!protocols.includes(parsed.protocol))
    throw new ConfigError(name, `must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  return value;
}

/**
 * "900" (seconds, docs/configuration.md), or a duration `ms` reads ("15m", "1h", "90s") -> whole
 * seconds.
 */
function duration(env: Env, name: string, fallbackSeconds: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallbackSeconds;
  const text = raw.trim();
  const seconds = /^\d+$/.test(text) ? Number(text) : ms(text as ms.StringValue) / 1000;
  if (!Number.isInteger(seconds))
    throw new ConfigError(name, `must be seconds or a duration like 15m or 1h, got "${raw}"`);
  if (seconds < 10 || seconds > 86400)
    throw new ConfigError(name, 'must lie between 10 seconds and 24 hours');
  return seconds;
}

function timezone(env: Env, name: string, fallback: string): string {
  const value = str(env, name, fallback);
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    throw new ConfigError(name, `must be an IANA time zone such as America/Mexico_City, got "${value}"`);
  }
  return value;
}

/** 0 (off) or at least a second: a shorter threshold would kill a process for one slow garbage collection. */
function livenessMaxBlockMs(env: Env): number {
  const value = int(env, 'LIVENESS_MAX_BLOCK_MS', 30_000, 0, 3_600_000);
  if (value !== 0 && value < 1_000)
    throw new ConfigError('LIVENESS_MAX_BLOCK_MS', `must be 0 (off) or at least 1000, got ${value}`);
  return value;
}

/** After PORT is validated (the object literal below reads it first). */
function metricsConfig(env: Env): MetricsConfig {
  const apiPort = Number(str(env, 'PORT', '3000'));
  const metrics = {
    host: metricsHost(env),
    apiPort: int(env, 'METRICS_PORT', 9100, 0, 65535),
    processorPort: int(env, 'PROCESSOR_METRICS_PORT', 9101, 0, 65535),
  };
  // Both bind on the same host as the api: a clash would only show up as a failed boot later on.
  if (metrics.apiPort !== 0 && metrics.apiPort === apiPort)
    throw new ConfigError('METRICS_PORT', `must differ from PORT (${apiPort}): metrics are not public`);
  if (metrics.processorPort !== 0 && metrics.processorPort === metrics.apiPort)
    throw new ConfigError('PROCESSOR_METRICS_PORT', `must differ from METRICS_PORT (${metrics.apiPort})`);
  return metrics;
}

/** An IP address to bind to (no host names: a typo must not bind somewhere unexpected). */
function metricsHost(env: Env): string {
  const host = str(env, 'METRICS_HOST', '127.0.0.1');
  if (isIP(host) === 0)
    throw new ConfigError(
      'METRICS_HOST',
      `must be an IP address to listen on, such as 127.0.0.1 or 0.0.0.0, got "${host}"`,
    );
  return host;
}

function corsOrigins(env: Env, nodeEnv: AppConfig['nodeEnv']): readonly string[] {
  const raw = env.CORS_ORIGINS;
  if (raw === undefined || raw.trim() === '') return nodeEnv === 'production' ? [] : DEVELOPMENT_CORS_ORIGINS;
  let origins: string[];
  try {
    origins = parseCorsOrigins(raw);
  } catch (error) {
    throw new ConfigError('CORS_ORIGINS', (error as Error).message);
  }
  if (nodeEnv === 'production' && origins.includes('*'))
    throw new ConfigError(
      'CORS_ORIGINS',
      'may not be * when NODE_ENV=production: list the origins of the frontends that call the api',
    );
  return origins;
}

export function loadAppConfig(env: Env = process.env): AppConfig {
  const nodeEnvRaw = str(env, 'NODE_ENV', 'development');
  if (!['development', 'production', 'test'].includes(nodeEnvRaw))
    throw new ConfigError('NODE_ENV', `must be development, production or test, got "${nodeEnvRaw}"`);
  const nodeEnv = nodeEnvRaw as AppConfig['nodeEnv'];

  const jwtSecret = env.JWT_SECRET ?? '';
  if (nodeEnv === 'production' && !jwtSecret)
    throw new ConfigError('JWT_SECRET', 'is required when NODE_ENV=production');
  if (nodeEnv === 'production' && REPOSITORY_JWT_SECRETS.includes(jwtSecret))
    throw new ConfigError(
      'JWT_SECRET',
      'is a value published in the repository, so anyone could sign tokens with it: generate your own (e.g. openssl rand -base64 48)',
    );
  if (jwtSecret && jwtSecret.length < 32)
    throw new ConfigError('JWT_SECRET', 'must be at least 32 characters (HS256 key strength)');
  const weakJwtSecret =
    nodeEnv === 'production' && weakSecretReason([...jwtSecret], 'characters', 'openssl rand -base64 48');
  if (weakJwtSecret) throw new ConfigError('JWT_SECRET', weakJwtSecret);

  const dashboardUser = env.QUEUE_DASHBOARD_USER ?? '';
  const dashboardPassword = env.QUEUE_DASHBOARD_PASSWORD ?? '';
  if (Boolean(dashboardUser) !== Boolean(dashboardPassword))
    throw new ConfigError('QUEUE_DASHBOARD_PASSWORD', 'and QUEUE_DASHBOARD_USER must be set together');

  return {
    nodeEnv,
    port: int(env, 'PORT', 3000, 1, 65535),
    databaseUrl: url(env, 'DATABASE_URL', DEFAULT_DATABASE_URL, ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']),
    serviceTimezone: timezone(env, 'SERVICE_TIMEZONE', 'America/Mexico_City'),
    auth: {
      jwtSecret: jwtSecret || DEV_JWT_SECRET,
      accessTtl: duration(env, 'JWT_ACCESS_TTL', 15 * 60),
      refreshTtlDays: 30,
      maxFailedSignIns: int(env, 'SIGNIN_MAX_FAILURES', 5, 1, 1000),
      failedSignInWindow: int(env, 'SIGNIN_LOCKOUT_SECONDS', 900, 1, 86400),
      maxFailedSignInsPerAddress: int(env, 'SIGNIN_IP_MAX_FAILURES', 100, 1, 1_000_000),
    },
    trustProxy: bool(env, 'TRUST_PROXY', false),
    demoPassword: str(env, 'DEMO_PASSWORD', DEFAULT_DEMO_PASSWORD),
    sandbox: {
      latencyMs: int(env, 'SANDBOX_LATENCY_MS', 200, 0, 60000),
      failureRate: ratio(env, 'SANDBOX_FAILURE_RATE', 0),
      listProcesses: bool(env, 'SANDBOX_LIST_PROCESSES', false),
    },
    legalSource: {
      timeoutMs: int(env, 'LEGAL_SOURCE_TIMEOUT_MS', 5000, 1, 120000),
      slowThresholdMs: int(env, 'LEGAL_SOURCE_SLOW_MS', 2000, 1, 120000),
      latencyMs: int(env, 'LEGAL_SOURCE_LATENCY_MS', 0, 0, 120000),
      failureRate: ratio(env, 'LEGAL_SOURCE_FAILURE_RATE', 0),
    },
    logLevel: str(env, 'LOG_LEVEL', nodeEnv === 'test' ? 'warn' : 'info'),
    eventsRetentionDays: int(env, 'EVENTS_RETENTION_DAYS', 30, 1, 3650),
    estimatesRefreshMs: int(env, 'ESTIMATES_REFRESH_MS', 10_000, 100, 3_600_000),
    privacySweepMs: int(env, 'PRIVACY_SWEEP_MS', PRIVACY_SWEEP_DEFAULT_MS, 100, PRIVACY_SWEEP_MAX_MS),
    queueDashboard: dashboardUser ? { user: dashboardUser, password: dashboardPassword } : undefined,
    metrics: metricsConfig(env),
    shutdownReadinessDelayMs: int(env, 'SHUTDOWN_READINESS_DELAY_MS', 0, 0, 60_000),
    livenessMaxBlockMs: livenessMaxBlockMs(env),
    corsOrigins: corsOrigins(env, nodeEnv),
    webhooks: webhooksConfig(env, nodeEnv),
    mail: readMailConfig(env),
  };
}

export interface MailConfig {
  /** Where mail goes (smtp: or smtps:); unset: no mail is sent and links are only logged or printed. */
  smtpUrl: string | undefined;
  /** The sender of every mail. */
  from: string;
  /** The address the links of invitations and resets start with (the frontend that opens them). */
  publicUrl: string;
}

export function readMailConfig(env: Env, port = int(env, 'PORT', 3000, 1, 65535)): MailConfig {
  const smtpUrl = env.SMTP_URL
    ? url(env, 'SMTP_URL', 'smtp://127.0.0.1:1025', ['smtp:', 'smtps:'])
    : undefined;
  return {
    smtpUrl,
    from: str(env, 'MAIL_FROM', 'Screening <no-reply@screening.local>'),
    publicUrl: url(env, 'PUBLIC_URL', `http://localhost:${port}`, ['http:', 'https:']),
  };
}

/** True when the development JWT secret is in use (the boot logs a warning). */
export function usesDevelopmentSecret(config: AppConfig): boolean {
  return config.auth.jwtSecret === DEV_JWT_SECRET;
}

// ---------------------------------------------------------------------------------------------
// Webhooks (docs/integrators.md). A block of its own: the variables, their defaults and checks.

export interface WebhooksConfig {
  /** Base64 of the 32-byte AES-256-GCM key that encrypts endpoint secrets at rest. */
  secretKey: string;
  /** Whether endpoints may point at loopback, private, link-local... addresses (SSRF guard off). */
  allowPrivateUrls: boolean;
  /** An attempt that has not answered 2xx by then failed. */
  timeoutMs: number;
  /** Milliseconds between attempts (WEBHOOKS_RETRY_SCHEDULE, e.g. 5s,5m,30m). */
  retrySchedule: number[];
  /** Endpoints one client may register (WEBHOOKS_MAX_ENDPOINTS_PER_CLIENT); past it a creation answers 409. */
  maxEndpointsPerClient: number;
}

/** Every event fans out to each endpoint of its client: a bound on endpoints bounds that work. */
export const DEFAULT_MAX_ENDPOINTS_PER_CLIENT = 20;

export const DEV_WEBHOOKS_SECRET_KEY = 'ZGV2LW9ubHktd2ViaG9va3Mta2V5LWNoYW5nZS1tZSE=';

/**
 * Every WEBHOOKS_SECRET_KEY written in this repository: anyone can read them, so with one of them a
 * database dump would yield every endpoint's secret. Production refuses them; a unit test fails when
 * a new one appears in the tree without being listed here.
 */
export const REPOSITORY_WEBHOOKS_SECRET_KEYS: readonly string[] = [DEV_WEBHOOKS_SECRET_KEY];

function webhooksConfig(env: Env, nodeEnv: AppConfig['nodeEnv']): WebhooksConfig {
  const secretKey = env.WEBHOOKS_SECRET_KEY ?? '';
  if (nodeEnv === 'production' && !secretKey)
    throw new ConfigError(
      'WEBHOOKS_SECRET_KEY',
      'is required when NODE_ENV=production (openssl rand -base64 32)',
    );
  if (nodeEnv === 'production' && REPOSITORY_WEBHOOKS_SECRET_KEYS.includes(secretKey))
    throw new ConfigError(
      'WEBHOOKS_SECRET_KEY',
      'is a value published in the repository, so a database dump would reveal every webhook secret: generate your own (openssl rand -base64 32)',
    );
  if (
    secretKey &&
    !(/^[A-Za-z0-9+/_-]+={0,2}$/.test(secretKey) && Buffer.from(secretKey, 'base64').length === 32)
  )
    throw new ConfigError(
      'WEBHOOKS_SECRET_KEY',
      'must be the base64 of 32 random bytes (openssl rand -base64 32)',
    );
  const weakKey =
    nodeEnv === 'production' &&
    weakSecretReason([...Buffer.from(secretKey, 'base64')], 'bytes', 'openssl rand -base64 32');
  if (weakKey) throw new ConfigError('WEBHOOKS_SECRET_KEY', weakKey);
  let retrySchedule: number[];
  try {
    retrySchedule = parseRetrySchedule(str(env, 'WEBHOOKS_RETRY_SCHEDULE', DEFAULT_RETRY_SCHEDULE));
  } catch (error) {
    throw new ConfigError('WEBHOOKS_RETRY_SCHEDULE', (error as Error).message);
  }
  return {
    secretKey: secretKey || DEV_WEBHOOKS_SECRET_KEY,
    allowPrivateUrls: bool(env, 'WEBHOOKS_ALLOW_PRIVATE_URLS', nodeEnv !== 'production'),
    timeoutMs: int(env, 'WEBHOOKS_TIMEOUT_MS', 10_000, 100, 120_000),
    retrySchedule,
    maxEndpointsPerClient: int(
      env,
      'WEBHOOKS_MAX_ENDPOINTS_PER_CLIENT',
      DEFAULT_MAX_ENDPOINTS_PER_CLIENT,
      1,
      1000,
    ),
  };
}

/** True when the development webhooks key is in use (the boot logs a warning). */
export function usesDevelopmentWebhooksKey(config: AppConfig): boolean {
  return config.webhooks.secretKey === DEV_WEBHOOKS_SECRET_KEY;
}
