'use strict';
// docker/compose.yml as an operator takes it for granted (docs/integrators.md): crashed apps come back,
// PostgreSQL and Redis are not reachable from outside the host, every app says whether it is
// healthy. `docker compose config` validates the syntax; this checks the properties.
const fs = require('node:fs');
const path = require('node:path');
const { CORE_SCHEMA, load, mergeTag } = require('js-yaml');

// Compose reads YAML merge keys (`<<: *app-env`); js-yaml 5 only with its merge tag.
const read = (file) =>
  load(fs.readFileSync(path.join(__dirname, file), 'utf8'), { schema: CORE_SCHEMA.withTags(mergeTag) });
const compose = read('compose.yml');
const dev = read('compose.dev.yml');
const APPS = ['api', 'processor'];

/** The container ports a service publishes, from either ports syntax ("127.0.0.1:5432:5432", { target }). */
function publishedContainerPorts(service) {
  return (service.ports ?? []).map((port) =>
    typeof port === 'object' ? Number(port.target) : Number(String(port).split(':').pop().split('/')[0]),
  );
}

describe('docker/compose.yml', () => {
  it.each(APPS)('restarts the %s when it crashes', (app) => {
    expect(compose.services[app].restart).toMatch(/^(unless-stopped|always|on-failure(:\d+)?)$/);
  });

  it.each(APPS)('gives the %s a healthcheck that runs a command', (app) => {
    const { healthcheck } = compose.services[app];
    expect(healthcheck.test[0]).toBe('CMD');
    expect(healthcheck.test.join(' ')).toMatch(/http:\/\/127\.0\.0\.1:\d+\//);
    expect(healthcheck.disable).toBeUndefined();
  });

  it('publishes neither PostgreSQL nor Redis on the host', () => {
    expect(compose.services.postgres.ports).toBeUndefined();
    expect(compose.services.redis.ports).toBeUndefined();
    for (const [name, service] of Object.entries(compose.services))
      expect({
        name,
        ports: publishedContainerPorts(service).filter((port) => port === 5432 || port === 6379),
      }).toEqual({
        name,
        ports: [],
      });
  });

  it('publishes the api, and the mail catcher’s web UI on the loopback address only', () => {
    const publishing = Object.entries(compose.services)
      .filter(([, service]) => service.ports)
      .map(([name]) => name);
    expect(publishing).toEqual(['mailpit', 'api']);
    expect(compose.services.mailpit.image).toMatch(/^axllent\/mailpit(:|$)/);
    expect(compose.services.mailpit.ports).toEqual(['127.0.0.1:8025:8025']);
  });

  it.each(APPS)('has the %s send mail to mailpit unless SMTP_URL says otherwise', (app) => {
    const environment = compose.services[app].environment;
    expect(environment.SMTP_URL).toBe('${SMTP_URL:-smtp://mailpit:1025}');
    expect(environment.MAIL_FROM).toBe('${MAIL_FROM:-Screening <no-reply@screening.local>}');
    expect(environment.PUBLIC_URL).toBe('${PUBLIC_URL:-http://localhost:3000}');
    expect(compose.services[app].depends_on.mailpit).toEqual({ condition: 'service_started' });
  });

  it('never sets the published demo password: demo users only with DEMO_PASSWORD from the environment', () => {
    for (const app of [...APPS, 'migrate']) {
      const environment = compose.services[app].environment;
      expect(environment.NODE_ENV).toBe('production');
      expect(environment.DEMO_PASSWORD).toBe('${DEMO_PASSWORD:-}');
    }
  });
});

describe('docker/compose.dev.yml (PostgreSQL and Redis for npm start)', () => {
  it('publishes them on the loopback address only', () => {
    expect(dev.services.postgres.ports).toEqual(['127.0.0.1:5432:5432']);
    expect(dev.services.redis.ports).toEqual(['127.0.0.1:6379:6379']);
  });
});
