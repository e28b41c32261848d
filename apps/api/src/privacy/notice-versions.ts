import { Injectable } from '@nestjs/common';
import { BoundedCache } from '@app/domain';
import { PrivacyNoticeRepository } from '@app/persistence';

/** How stale another instance's view of a client's notices may be (docs/privacy.md, "Consent"). */
export const NOTICE_VERSIONS_CACHE_MS = 5_000;

/**
 * The privacy notice versions of each client, newest (the current one) first, as registrations
 * need them: asked of PostgreSQL at most every few seconds per client, not once per registration.
 * A notice published through this instance is seen here at once.
 */
@Injectable()
export class NoticeVersions {
  private readonly known = new BoundedCache<string, Promise<string[]>>({
    maxEntries: 10_000,
    ttlMs: NOTICE_VERSIONS_CACHE_MS,
  });

  constructor(private readonly notices: PrivacyNoticeRepository) {}

  of(clientId: string): Promise<string[]> {
    let versions = this.known.get(clientId);
    if (!versions) {
      versions = this.notices.versions(clientId);
      // A failed read is not kept: the next registration asks again.
      versions.catch(() => this.known.delete(clientId));
      this.known.set(clientId, versions);
    }
    return versions;
  }

  forget(clientId: string): void {
    this.known.delete(clientId);
  }
}
