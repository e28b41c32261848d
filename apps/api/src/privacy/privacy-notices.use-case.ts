import { ConflictError } from '@app/domain';
import type { PrivacyNoticeRepository, PrivacyNoticeView } from '@app/persistence';
import type { AuthUser } from '../auth/auth-user';
import { actingClient } from '../auth/acting-client';
import type { PrivacyNoticeDto } from './dto/privacy-notice.dto';
import type { NoticeVersions } from './notice-versions';

/** A notice version to publish, with its purposes (docs/privacy.md), for a client. */
export interface PublishPrivacyNoticeCommand {
  version: string;
  url: string;
  purposes: Array<{ name: string; kind: string }>;
  clientId?: string;
}

/**
 * A client's privacy notices (docs/privacy.md, "Consent"): its admins publish them, anyone of the
 * client reads them; the newest is the one registrations cite when they bring no consent of their own.
 */
export class PrivacyNoticesUseCase {
  constructor(
    private readonly notices: PrivacyNoticeRepository,
    private readonly versions: Pick<NoticeVersions, 'forget'>,
  ) {}

  async publish(user: AuthUser, body: PublishPrivacyNoticeCommand): Promise<PrivacyNoticeDto> {
    const clientId = actingClient(user, body.clientId);
    const created = await this.notices.create({
      clientId,
      version: body.version,
      url: body.url,
      purposes: body.purposes.map(({ name, kind }) => ({ name, kind })),
      createdBy: user.actor.id,
    });
    if (!created)
      throw new ConflictError(
        `The client has a privacy notice of version ${body.version} already: publish a new version.`,
      );
    this.versions.forget(clientId);
    return { ...created, current: true };
  }

  async list(user: AuthUser, clientId?: string): Promise<{ data: PrivacyNoticeDto[] }> {
    const notices = await this.notices.list(actingClient(user, clientId));
    return { data: notices.map((notice: PrivacyNoticeView, i) => ({ ...notice, current: i === 0 })) };
  }
}
