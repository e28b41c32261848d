import { Injectable } from '@nestjs/common';
import type { AuditActor } from '@app/domain';
import { AuditRepository } from '@app/persistence';
import type { AuthUser } from '../auth/auth-user';

/** What the audit log needs of the HTTP request an operation came in. */
export interface AuditedRequest {
  id?: string;
  ip?: string;
  user?: AuthUser;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** One audited operation, as its caller describes it. */
export interface AuditEntry {
  actor: AuditActor;
  clientId: string | null;
  action: string;
  subject: { type: string; id: string | null };
  status: number;
  request: AuditedRequest;
}

/**
 * Writes the audit log's events (docs/security.md, "Audit log"): each resolves once its event is
 * committed in the chain, so an operation's answer leaves only after its event is kept.
 */
@Injectable()
export class AuditTrail {
  constructor(private readonly events: AuditRepository) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.events.append({
      at: Date.now(),
      actor: entry.actor,
      clientId: entry.clientId,
      action: entry.action,
      subject: entry.subject,
      status: entry.status,
      requestId: entry.request.id ?? null,
      ip: entry.request.ip ?? null,
    });
  }

  /** The actor of an authenticated request: the person, or the API key. */
  static actorOf(user: AuthUser): AuditActor {
    return user.actor.type === 'api_key'
      ? { type: 'api_key', id: user.actor.id }
      : { type: 'user', id: user.actor.id, ...(user.actor.email ? { email: user.actor.email } : {}) };
  }

  /**
   * The client an operation acted for: the one its request names (`clientId`), the caller's only
   * client for this operation, or else its default one.
   */
  static clientOf(request: AuditedRequest): string | null {
    const user = request.user;
    if (!user) return null;
    const named = request.query?.clientId ?? (request.body as { clientId?: unknown } | undefined)?.clientId;
    if (typeof named === 'string' && user.clients.includes(named)) return named;
    return user.clients.length === 1 ? user.clients[0] : user.client;
  }
}
