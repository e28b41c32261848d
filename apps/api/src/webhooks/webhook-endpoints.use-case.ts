import { randomUUID } from 'node:crypto';
import {
  clientIdViolations,
  ConflictError,
  endpointInputViolations,
  endpointQuotaRefusal,
  FieldViolation,
  NotFoundError,
  resolveClientId,
  ROTATION_OVERLAP_MS,
  stringFieldViolations,
  subscribedTypes,
  TEST_EVENT_LIMIT,
  testEventLimitMessage,
  webhookUrlViolations,
} from '@app/domain';
import { EventRepository, StoredEndpoint, WebhookEndpointRepository } from '@app/persistence';
import { AppConfig, newWebhookSecret, registrationRefusal, SecretCipher } from '@app/platform';
import { AuthUser } from '../auth/auth-user';
import { IdempotentCommands } from '../common/idempotency';
import type { RateLimiter } from '../common/rate-limit';
import { invalidRequest } from '../common/validation';
import { isUuid } from '../screening/read-requests.use-case';
import {
  CreatedWebhookEndpointDto,
  WebhookEndpointDto,
  WebhookEndpointPageDto,
  WebhookSecretDto,
  WebhookTestAcceptedDto,
} from './dto/webhook-endpoint.dto';

/** An endpoint to register: where to post, which event types (every one without), for which client. */
export interface CreateWebhookEndpointCommand {
  url: string;
  events?: string[];
  description?: string;
  clientId?: string;
}

/** What changes in an endpoint; a field left out stays as it is (`events: null`: every type). */
export interface UpdateWebhookEndpointCommand {
  url?: string;
  events?: string[] | null;
  description?: string | null;
  enabled?: boolean;
}

export const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found.';

/** docs/integrators.md shape: no client, no secret. */
export function endpointView(endpoint: StoredEndpoint): WebhookEndpointDto {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: subscribedTypes(endpoint.events),
    description: endpoint.description,
    enabled: endpoint.enabled,
    createdAt: endpoint.createdAt,
  };
}

/**
 * Webhook endpoints of a client (docs/integrators.md, "Webhooks"): its admins manage them; another
 * client's endpoint answers 404 as one that does not exist.
 */
export class WebhookEndpointsUseCase {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly events: EventRepository,
    private readonly cipher: SecretCipher,
    private readonly commands: IdempotentCommands,
    private readonly config: AppConfig,
    private readonly limiter: Pick<RateLimiter, 'take'>,
  ) {}

  /**
   * docs/integrators.md, within the client's quota of endpoints (409 past it), at most once per
   * Idempotency-Key (docs/behaviour.md: a retry answers the first answer, its secret included).
   */
  async create(
    user: AuthUser,
    body: CreateWebhookEndpointCommand,
    idempotencyKey?: string,
  ): Promise<CreatedWebhookEndpointDto> {
    const givenClientId = body.clientId as unknown;
    const violations = [
      ...endpointInputViolations(body, 'create'),
      ...(givenClientId === undefined || typeof givenClientId === 'string'
        ? clientIdViolations(user.clients, givenClientId)
        : stringFieldViolations({ clientId: givenClientId }, ['clientId'], { required: true })),
      ...(await this.addressViolations(body.url)),
    ];
    if (violations.length > 0) throw invalidRequest(violations);
    const clientId = resolveClientId(user.clients, user.client, body.clientId);
    const { result } = await this.commands.run(
      { userId: user.actor.id, operation: 'createWebhookEndpoint', key: idempotencyKey, request: body },
      async (tx) => {
        const refusal = endpointQuotaRefusal(
          await this.endpoints.countLockingClient(tx, clientId),
          this.config.webhooks.maxEndpointsPerClient,
        );
        if (refusal) throw new ConflictError(refusal);
        const id = randomUUID();
        const secret = newWebhookSecret();
        const stored = await this.endpoints.create(tx, {
          id,
          clientId,
          url: body.url,
          events: body.events ? [...new Set(body.events)] : null,
          description: body.description ?? null,
          secret: this.cipher.encrypt(secret, id),
        });
        return { ...endpointView(stored), secret };
      },
    );
    return result;
  }

  async list(
    user: AuthUser,
    query: { page: number; limit: number; clientId?: string },
  ): Promise<WebhookEndpointPageDto> {
    const violations = clientIdViolations(user.clients, query.clientId);
    if (violations.length > 0) throw invalidRequest(violations);
    const clientId = resolveClientId(user.clients, user.client, query.clientId);
    const { rows, total } = await this.endpoints.list(clientId, query.page, query.limit);
    return { data: rows.map(endpointView), page: query.page, limit: query.limit, total };
  }

  async get(user: AuthUser, id: string): Promise<WebhookEndpointDto> {
    return endpointView(await this.owned(user, id));
  }

  async update(user: AuthUser, id: string, body: UpdateWebhookEndpointCommand): Promise<WebhookEndpointDto> {
    await this.owned(user, id);
    const violations = [
      ...endpointInputViolations(body, 'update'),
      ...(await this.addressViolations(body.url)),
    ];
    if (violations.length > 0) throw invalidRequest(violations);
    const updated = await this.endpoints.update(id, user.clients, {
      url: body.url,
      events: body.events === undefined || body.events === null ? body.events : [...new Set(body.events)],
      description: body.description,
      enabled: body.enabled,
    });
    if (!updated) throw new NotFoundError(ENDPOINT_NOT_FOUND);
    return endpointView(updated);
  }

  async delete(user: AuthUser, id: string): Promise<void> {
    if (!isUuid(id) || !(await this.endpoints.delete(id, user.clients)))
      throw new NotFoundError(ENDPOINT_NOT_FOUND);
  }

  /** docs/integrators.md: a new secret; the current one keeps signing (as a second signature) for 24 hours. */
  async rotateSecret(user: AuthUser, id: string): Promise<WebhookSecretDto> {
    const secret = newWebhookSecret();
    const rotated =
      isUuid(id) &&
      (await this.endpoints.rotateSecret(
        id,
        user.clients,
        this.cipher.encrypt(secret, id),
        new Date(Date.now() + ROTATION_OVERLAP_MS),
      ));
    if (!rotated) throw new NotFoundError(ENDPOINT_NOT_FOUND);
    return { secret };
  }

  /**
   * A `webhook.test` event in the endpoint client's log; the dispatcher sends it to this endpoint
   * only. At most TEST_EVENT_LIMIT per endpoint (429 with Retry-After past it), counted once the
   * endpoint is known to be the caller's: nobody spends another client's allowance.
   */
  async test(user: AuthUser, id: string): Promise<WebhookTestAcceptedDto> {
    const endpoint = await this.owned(user, id);
    await this.limiter.take('webhook-test', endpoint.id, TEST_EVENT_LIMIT, testEventLimitMessage);
    const eventId = await this.events.appendOne(endpoint.clientId, {
      type: 'webhook.test',
      data: { endpointId: endpoint.id },
    });
    return { eventId };
  }

  /** The endpoint, when it is one of the caller's clients'; 404 otherwise. */
  async owned(user: AuthUser, id: string): Promise<StoredEndpoint> {
    const endpoint = isUuid(id) ? await this.endpoints.find(id, user.clients) : null;
    if (!endpoint) throw new NotFoundError(ENDPOINT_NOT_FOUND);
    return endpoint;
  }

  /**
   * SSRF (docs/integrators.md): a well-formed URL pointing at a loopback, private, link-local, unique-local
   * or metadata address is refused, unless private URLs are allowed.
   */
  private async addressViolations(url: unknown): Promise<FieldViolation[]> {
    if (this.config.webhooks.allowPrivateUrls || url === undefined || webhookUrlViolations(url).length > 0)
      return [];
    const refusal = await registrationRefusal(url as string);
    return refusal ? [{ field: 'url', message: refusal }] : [];
  }
}
