// Barrels that load Nest (ESM-only, see docs/architecture.md) give way to the plain modules used.
jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
jest.mock('@app/platform', () => ({
  ...jest.requireActual('@app/platform/webhooks/secret-cipher'),
  ...jest.requireActual('@app/platform/webhooks/address-guard'),
}));
jest.mock('@app/application', () => jest.requireActual('@app/application/outbox/outbox-jobs'));

import {
  ConflictError,
  NotFoundError,
  ROTATION_OVERLAP_MS,
  TEST_EVENT_LIMIT,
  ValidationFailedError,
} from '@app/domain';
import type {
  EventRepository,
  NewEndpoint,
  StoredEndpoint,
  WebhookEndpointRepository,
} from '@app/persistence';
import { FakeSecretCipher } from '@app/platform/webhooks/secret-cipher.fixture';
import { testConfig } from '@app/platform/config/app-config.fixture';
import { ACME, GLOBEX } from '../auth/test-users.fixture';
import type { IdempotentCommands } from '../common/idempotency';
import {
  ENDPOINT_NOT_FOUND,
  WebhookEndpointsUseCase,
  type CreateWebhookEndpointCommand,
  type UpdateWebhookEndpointCommand,
} from './webhook-endpoints.use-case';
import { RecordingRateLimiter } from '../common/rate-limit.fixture';
import { InMemoryIdempotentCommands } from '../common/idempotent-commands.fixture';

const MAX_ENDPOINTS = 2;
const TX = { tx: true };

/** The endpoints table in memory, scoped by client as the repository's statements are. */
class InMemoryEndpoints {
  readonly rows = new Map<string, StoredEndpoint & { secret: Buffer; previousUntil?: Date }>();
  readonly counted: string[] = [];

  async countLockingClient(tx: unknown, clientId: string): Promise<number> {
    expect(tx).toBe(TX); // counted in the transaction that inserts: the quota holds under races
    this.counted.push(clientId);
    return [...this.rows.values()].filter((r) => r.clientId === clientId).length;
  }

  async create(tx: unknown, endpoint: NewEndpoint): Promise<StoredEndpoint> {
    expect(tx).toBe(TX);
    const row = { ...endpoint, enabled: true, createdAt: this.rows.size + 1 };
    this.rows.set(endpoint.id, row);
    const { secret: _secret, ...stored } = row;
    return stored;
  }

  async list(clientId: string, page: number, limit: number) {
    const rows = [...this.rows.values()].filter((r) => r.clientId === clientId);
    return { rows: rows.slice((page - 1) * limit, page * limit), total: rows.length };
  }

  async find(id: string, clientIds: string[]): Promise<StoredEndpoint | null> {
    const row = this.rows.get(id);
    return row && clientIds.includes(row.clientId) ? row : null;
  }

  async update(
    id: string,
    clientIds: string[],
    changes: Partial<StoredEndpoint>,
  ): Promise<StoredEndpoint | null> {
    const row = await this.find(id, clientIds);
    if (!row) return null;
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const updated = { ...this.rows.get(id)!, ...defined };
    this.rows.set(id, updated);
    return updated;
  }

  async delete(id: string, clientIds: string[]): Promise<boolean> {
    return (await this.find(id, clientIds)) !== null && this.rows.delete(id);
  }

  async rotateSecret(id: string, clientIds: string[], secret: Buffer, previousUntil: Date): Promise<boolean> {
    if (!(await this.find(id, clientIds))) return false;
    Object.assign(this.rows.get(id)!, { secret, previousUntil });
    return true;
  }
}

function setup(config: { allowPrivateUrls?: boolean } = {}) {
  const endpoints = new InMemoryEndpoints();
  const appended: Array<{ clientId: string; type: string; data: unknown }> = [];
  const events = {
    appendOne: async (clientId: string, event: { type: string; data: unknown }) => {
      appended.push({ clientId, ...event });
      return `evt_${appended.length}`;
    },
  };
  const limiter = new RecordingRateLimiter();
  const useCase = new WebhookEndpointsUseCase(
    endpoints as unknown as WebhookEndpointRepository,
    events as unknown as EventRepository,
    new FakeSecretCipher().asCipher(),
    new InMemoryIdempotentCommands({ transaction: (work) => work(TX) }) as unknown as IdempotentCommands,
    testConfig({
      webhooks: { maxEndpointsPerClient: MAX_ENDPOINTS, allowPrivateUrls: config.allowPrivateUrls ?? true },
    }),
    limiter,
  );
  return { endpoints, appended, useCase, limiter, taken: limiter.taken };
}

const create = (body: object) => body as CreateWebhookEndpointCommand;
const URL_OK = 'https://hooks.example.com/acme';

describe('WebhookEndpointsUseCase', () => {
  it('registers an endpoint of the caller client, its secret stored encrypted and answered once', async () => {
    const { endpoints, useCase } = setup();
    const created = await useCase.create(
      ACME,
      create({ url: URL_OK, events: ['process.finished', 'process.finished'], description: 'x' }),
    );
    expect(created).toEqual({
      id: expect.any(String),
      url: URL_OK,
      events: ['process.finished'],
      description: 'x',
      enabled: true,
      createdAt: expect.any(Number),
      secret: expect.stringMatching(/^whsec_/),
    });
    const stored = endpoints.rows.get(created.id)!;
    expect(stored.clientId).toBe('acme');
    expect(stored.secret.toString()).toBe(`${created.id}|${created.secret}`);
    expect(await useCase.get(ACME, created.id)).not.toHaveProperty('secret');
  });

  it('answers a retry with the same Idempotency-Key with the first answer, secret included, storing one endpoint', async () => {
    const { endpoints, useCase } = setup();
    const first = await useCase.create(ACME, create({ url: URL_OK }), 'key-1');
    const again = await useCase.create(ACME, create({ url: URL_OK }), 'key-1');
    expect(again).toEqual(first);
    expect(endpoints.rows.size).toBe(1);
  });

  it('refuses an endpoint past the client quota (409) and stores nothing', async () => {
    const { endpoints, useCase } = setup();
    for (let i = 0; i < MAX_ENDPOINTS; i++) await useCase.create(ACME, create({ url: `${URL_OK}/${i}` }));
    await expect(useCase.create(ACME, create({ url: URL_OK }))).rejects.toBeInstanceOf(ConflictError);
    expect(endpoints.rows.size).toBe(MAX_ENDPOINTS);
    // Another client's quota is its own.
    await expect(useCase.create(GLOBEX, create({ url: URL_OK }))).resolves.toBeDefined();
  });

  it('refuses a body the domain refuses (400, every field named) before anything is counted or stored', async () => {
    const { endpoints, useCase } = setup();
    const refused = useCase.create(ACME, create({ url: 'ftp://x', events: ['nope'] }));
    await expect(refused).rejects.toBeInstanceOf(ValidationFailedError);
    await expect(refused).rejects.toMatchObject({
      violations: [
        expect.objectContaining({ field: 'url' }),
        expect.objectContaining({ field: 'events[0]' }),
      ],
    });
    expect(endpoints.counted).toEqual([]);
  });

  it('refuses a private address unless private URLs are allowed (SSRF)', async () => {
    const refused = setup({ allowPrivateUrls: false }).useCase.create(
      ACME,
      create({ url: 'http://127.0.0.1/hooks' }),
    );
    await expect(refused).rejects.toMatchObject({ violations: [expect.objectContaining({ field: 'url' })] });
    await expect(
      setup().useCase.create(ACME, create({ url: 'http://127.0.0.1/hooks' })),
    ).resolves.toBeDefined();
  });

  it("answers another client's endpoint as unknown (404) to every operation, and changes nothing", async () => {
    const { endpoints, appended, useCase } = setup();
    const { id } = await useCase.create(ACME, create({ url: URL_OK }));
    const update = { enabled: false } as UpdateWebhookEndpointCommand;
    for (const attempt of [
      () => useCase.get(GLOBEX, id),
      () => useCase.update(GLOBEX, id, update),
      () => useCase.delete(GLOBEX, id),
      () => useCase.rotateSecret(GLOBEX, id),
      () => useCase.test(GLOBEX, id),
      () => useCase.get(ACME, 'not-a-uuid'),
    ])
      await expect(attempt()).rejects.toEqual(new NotFoundError(ENDPOINT_NOT_FOUND));
    expect(endpoints.rows.get(id)!.enabled).toBe(true);
    expect(endpoints.rows.get(id)!.previousUntil).toBeUndefined();
    expect(appended).toEqual([]);
  });

  it('rotates the secret, the current one signing on for the overlap', async () => {
    const { endpoints, useCase } = setup();
    const { id } = await useCase.create(ACME, create({ url: URL_OK }));
    const before = Date.now();
    const { secret } = await useCase.rotateSecret(ACME, id);
    const row = endpoints.rows.get(id)!;
    expect(row.secret.toString()).toBe(`${id}|${secret}`);
    expect(row.previousUntil!.getTime()).toBeGreaterThanOrEqual(before + ROTATION_OVERLAP_MS);
  });

  it("logs a webhook.test event in the endpoint's client log, naming the endpoint", async () => {
    const { appended, useCase } = setup();
    const { id } = await useCase.create(ACME, create({ url: URL_OK }));
    expect(await useCase.test(ACME, id)).toEqual({ eventId: 'evt_1' });
    expect(appended).toEqual([{ clientId: 'acme', type: 'webhook.test', data: { endpointId: id } }]);
  });

  it("counts a test event against the endpoint's limit, only once the endpoint is the caller's", async () => {
    const { taken, appended, useCase } = setup();
    const { id } = await useCase.create(ACME, create({ url: URL_OK }));
    await expect(useCase.test(GLOBEX, id)).rejects.toEqual(new NotFoundError(ENDPOINT_NOT_FOUND));
    expect(taken).toEqual([]);
    await useCase.test(ACME, id);
    expect(taken).toEqual([
      {
        scope: 'webhook-test',
        key: id,
        rule: TEST_EVENT_LIMIT,
        refusal: 'At most 10 test events per endpoint every 60 seconds: try again in 30 seconds.',
      },
    ]);
    expect(appended).toHaveLength(1);
  });

  it('writes no test event when the limit refuses it', async () => {
    const { appended, useCase, limiter } = setup();
    const { id } = await useCase.create(ACME, create({ url: URL_OK }));
    const refused = new Error('429');
    limiter.refusing = refused;
    await expect(useCase.test(ACME, id)).rejects.toBe(refused);
    expect(appended).toEqual([]);
  });
});
