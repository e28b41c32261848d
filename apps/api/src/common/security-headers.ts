import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { AppConfig } from '@app/platform';

/**
 * CONTRACT 9 headers on every response: `nosniff`, no framing (X-Frame-Options and CSP
 * `frame-ancestors`), no referrer, HSTS in production. The CSP is helmet's default, which Swagger
 * UI works under (its scripts are files of ours; it needs inline styles and data: images), minus
 * `upgrade-insecure-requests`, which would send a browser on plain-HTTP localhost to https.
 */
export function securityHeaders(config: AppConfig): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: { frameAncestors: ["'none'"], upgradeInsecureRequests: null },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: config.nodeEnv === 'production' ? { maxAge: 31_536_000 } : false,
  };
}
