import {
  apiKeyInputViolations,
  ClientRole,
  newApiKey,
  NotFoundError,
  stringFieldViolations,
} from '@app/domain';
import type { ApiKeyRepository, ApiKeyView } from '@app/persistence';
import type { AuthUser } from '../auth/auth-user';
import { actingClient } from '../auth/acting-client';
import type { ApiKeyAuthority } from '../auth/api-key-authority';
import { invalidRequest } from '../common/validation';
import { isUuid } from '../screening/read-requests.use-case';
import type { ApiKeyDto, CreatedApiKeyDto } from './dto/api-keys.dto';

/** A key to create: its name, its role, when it stops working (epoch ms; never without), its client. */
export interface CreateApiKeyCommand {
  name: string;
  role: string;
  expiresAt?: number | null;
  clientId?: string;
}

const KEY_NOT_FOUND = 'API key not found.';

/**
 * A client's API keys, managed by its admins (the role guard lets no one else, and no key, in):
 * created with a role and shown once, listed without the key, revoked at once in this process and
 * within seconds in the others.
 */
export class ManageApiKeysUseCase {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly authority: Pick<ApiKeyAuthority, 'markRevoked'>,
  ) {}

  async create(user: AuthUser, body: CreateApiKeyCommand): Promise<CreatedApiKeyDto> {
    const violations = [
      ...apiKeyInputViolations(body, Date.now()),
      ...stringFieldViolations(body, ['clientId']),
    ];
    if (violations.length > 0) throw invalidRequest(violations);
    const clientId = actingClient(user, body.clientId);
    const made = newApiKey();
    const stored = await this.keys.create({
      clientId,
      name: body.name.trim(),
      role: body.role as ClientRole,
      prefix: made.prefix,
      hash: made.hash,
      createdBy: user.userId,
      expiresAt: body.expiresAt ?? null,
    });
    const { lastUsedAt: _never, clientId: _client, ...shown } = stored;
    return { ...shown, key: made.key };
  }

  async list(user: AuthUser, clientId?: string): Promise<{ data: ApiKeyDto[] }> {
    const violations = stringFieldViolations({ clientId }, ['clientId']);
    if (violations.length > 0) throw invalidRequest(violations);
    const keys = await this.keys.listForClients([actingClient(user, clientId)]);
    return { data: keys.map(view) };
  }

  /** Another client's key, or one revoked already, answers as one that does not exist. */
  async revoke(user: AuthUser, id: string): Promise<void> {
    if (!isUuid(id) || !(await this.keys.revoke(id, user.clients))) throw new NotFoundError(KEY_NOT_FOUND);
    this.authority.markRevoked(id);
  }
}

function view({ clientId: _client, ...key }: ApiKeyView): ApiKeyDto {
  return key;
}
