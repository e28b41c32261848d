import { Injectable } from '@nestjs/common';
import { AuthSessionRepository } from '@app/persistence';

const TTL_MS = 5_000;

/**
 * Whether a session (and so every access token carrying its id) is still active. Asking
 * PostgreSQL on every request would cost a round trip per call, so answers are kept for a few
 * seconds; a revocation made by this process is seen at once, one made by another api instance
 * within TTL_MS.
 */
@Injectable()
export class SessionStatusCache {
  private readonly known = new Map<string, { active: boolean; at: number }>();

  constructor(private readonly sessions: AuthSessionRepository) {}

  async isActive(sessionId: string): Promise<boolean> {
    const now = Date.now();
    const cached = this.known.get(sessionId);
    if (cached && now - cached.at < TTL_MS) return cached.active;
    const active = await this.sessions.isSessionActive(sessionId);
    if (this.known.size > 50_000) this.known.clear();
    this.known.set(sessionId, { active, at: now });
    return active;
  }

  markRevoked(sessionId: string): void {
    this.known.set(sessionId, { active: false, at: Date.now() });
  }
}
