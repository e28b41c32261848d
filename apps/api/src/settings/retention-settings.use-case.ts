import { NotFoundError, RetentionSettings, retentionSettingsAfter } from '@app/domain';
import type { RetentionRepository } from '@app/persistence';
import { actingClient } from '../auth/acting-client';
import type { AuthUser } from '../auth/auth-user';

/** A client's new retention periods, in days (a field left out stays as it is). */
export interface UpdateRetentionSettingsCommand {
  activeDays?: number;
  blockedDays?: number;
}

/**
 * A client's retention of personal data (docs/privacy.md, "Retention: blocking, then
 * suppression"): read by anyone of the client, changed by its admins (the role guard lets no one
 * else in). A field left out of a change keeps its value; the pipe has checked the bounds.
 */
export class RetentionSettingsUseCase {
  constructor(private readonly retention: Pick<RetentionRepository, 'settings' | 'changeSettings'>) {}

  async read(user: AuthUser, clientId?: string): Promise<RetentionSettings> {
    const client = actingClient(user, clientId);
    return this.found(client, await this.retention.settings(client));
  }

  async change(
    user: AuthUser,
    body: UpdateRetentionSettingsCommand,
    clientId?: string,
  ): Promise<RetentionSettings> {
    const client = actingClient(user, clientId);
    const change = { activeDays: body.activeDays, blockedDays: body.blockedDays };
    return this.found(
      client,
      await this.retention.changeSettings(client, (current) => retentionSettingsAfter(current, change)),
    );
  }

  private found(clientId: string, settings: RetentionSettings | null): RetentionSettings {
    if (!settings) throw new NotFoundError(`Client ${clientId} not found.`);
    return { activeDays: settings.activeDays, blockedDays: settings.blockedDays };
  }
}
