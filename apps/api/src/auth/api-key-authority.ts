import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { apiKeyHash, apiKeyUsable, BoundedCache } from '@app/domain';
import { ApiKeyGrant, ApiKeyRepository } from '@app/persistence';
import { AuthUser } from './auth-user';
import { SESSION_CACHE_MS } from './session-authority';

const MAX_CACHED_KEYS = 10_000;
/** Uses are written together this often: a key's `lastUsedAt` is at most this late. */
const MARK_USED_EVERY_MS = 5_000;

/**
 * Who an API key speaks for: its client, with its role, on behalf of the admin who created it.
 * As for sessions, the database's answer is kept SESSION_CACHE_MS (a revocation elsewhere applies
 * within it, one made by this process at once), so a key costs a request no more than a JWT does;
 * its last use is written once every few seconds for all keys used meanwhile, not per request.
 */
@Injectable()
export class ApiKeyAuthority implements OnApplicationShutdown {
  /** Null: no such key. */
  private readonly known = new BoundedCache<string, ApiKeyGrant | null>({
    maxEntries: MAX_CACHED_KEYS,
    ttlMs: SESSION_CACHE_MS,
  });
  private readonly revokedHere = new Set<string>();
  private used = new Set<string>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly keys: ApiKeyRepository) {}

  /** The caller a key speaks for; null for an unknown, revoked or expired key. */
  async userFor(key: string): Promise<AuthUser | null> {
    const hash = apiKeyHash(key);
    let grant = this.known.get(hash);
    if (grant === undefined) {
      grant = await this.keys.findByHash(hash);
      this.known.set(hash, grant);
    }
    if (!grant || this.revokedHere.has(grant.id) || !apiKeyUsable(grant, Date.now())) return null;
    this.markUsed(grant.id);
    return {
      userId: grant.createdBy,
      client: grant.clientId,
      clients: [grant.clientId],
      roles: { [grant.clientId]: grant.role },
      sessionId: `api-key:${grant.id}`,
      actor: { type: 'api_key', id: grant.id },
    };
  }

  markRevoked(keyId: string): void {
    this.revokedHere.add(keyId);
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.timer);
    await this.flushUses();
  }

  private markUsed(keyId: string): void {
    this.used.add(keyId);
    this.timer ??= setTimeout(() => void this.flushUses(), MARK_USED_EVERY_MS);
    this.timer.unref();
  }

  private async flushUses(): Promise<void> {
    this.timer = undefined;
    const ids = [...this.used];
    this.used = new Set();
    // A lost write only leaves lastUsedAt a few seconds behind: never worth failing a request.
    await this.keys.markUsed(ids, Date.now()).catch(() => undefined);
  }
}
