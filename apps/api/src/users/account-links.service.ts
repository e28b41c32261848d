import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  GoneError,
  looksLikeOneTimeToken,
  newOneTimeToken,
  newPasswordViolations,
  normalisedEmail,
  NotFoundError,
  oneTimeLink,
  oneTimeTokenHash,
  oneTimeTokenState,
  passwordResetMail,
  PASSWORD_RESET_MAILS,
} from '@app/domain';
import { MembershipRepository, PasswordResetRepository } from '@app/persistence';
import { APP_CONFIG, AppConfig, Mailer } from '@app/platform';
import { AuditedRequest, AuditTrail } from '../audit/audit-trail';
import { SignInResultDto } from '../auth/auth.dto';
import { AuthService } from '../auth/auth.service';
import { SessionAuthority } from '../auth/session-authority';
import { errorStatusOf } from '../common/all-exceptions.filter';
import { RateLimiter } from '../common/rate-limit';
import { invalidRequest } from '../common/validation';

const INVITATION_NOT_FOUND = 'Invitation not found: check that the link was copied whole.';
const INVITATION_GONE =
  'This invitation was used already, replaced by a newer one or has expired: ask an admin of the client to invite you again.';
const RESET_NOT_FOUND = 'Password reset not found: check that the link was copied whole.';
const RESET_GONE = 'This link was used already, replaced by a newer one or has expired: ask for a new one.';

/**
 * What the links of the mails do (docs/behaviour.md, "Users"), without a token: accepting an
 * invitation (a password chosen, a session started), asking for a password reset and using it
 * (every session of the person ended). Each writes its audit event before answering, as sign-in
 * does, in the client of the person the link names.
 */
@Injectable()
export class AccountLinksService {
  private readonly logger = new Logger(AccountLinksService.name);

  constructor(
    private readonly memberships: MembershipRepository,
    private readonly resets: PasswordResetRepository,
    private readonly auth: AuthService,
    private readonly sessions: SessionAuthority,
    private readonly audit: AuditTrail,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async acceptInvitation(token: string, password: string, request: AuditedRequest): Promise<SignInResultDto> {
    const found = looksLikeOneTimeToken(token)
      ? await this.memberships.invitationByToken(oneTimeTokenHash(token))
      : null;
    return this.audited('acceptInvitation', found, request, 200, async () => {
      if (!found) throw new NotFoundError(INVITATION_NOT_FOUND);
      if (oneTimeTokenState(found, Date.now()) !== 'usable' || found.memberStatus !== 'invited')
        throw new GoneError(INVITATION_GONE);
      const violations = newPasswordViolations(password, found.email);
      if (violations.length > 0) throw invalidRequest(violations);
      const userId = await this.memberships.accept(
        oneTimeTokenHash(token),
        await this.auth.hashPassword(password),
      );
      if (!userId) throw new GoneError(INVITATION_GONE);
      const session = await this.auth.startSessionFor(userId);
      if (!session) throw new GoneError(INVITATION_GONE);
      return session;
    });
  }

  /**
   * Opens a reset and mails its link when the address is a person's who may sign in; nothing
   * otherwise. The caller answers before this runs, the same answer for every address, so neither
   * the answer nor its time tells whether the address has an account.
   */
  async requestPasswordReset(email: string): Promise<void> {
    const address = normalisedEmail(email);
    // Counted for every address, known or not, so that the limit says nothing either; the link of an
    // earlier request stays valid.
    if (!(await this.limiter.admits('password-reset', address, PASSWORD_RESET_MAILS))) {
      this.logger.log('A password reset was asked for past the hourly limit of its address: nothing sent.');
      return;
    }
    const token = newOneTimeToken('password-reset', Date.now());
    const opened = await this.resets.open(address, token.hash, token.expiresAt);
    if (!opened) return;
    const link = oneTimeLink(this.config.mail.publicUrl, 'password-reset', token.token);
    const outcome = await this.mailer.send({
      to: address,
      ...passwordResetMail({ link, expiresAt: token.expiresAt }),
    });
    if (!outcome.sent)
      this.logger.warn(`The password reset of user ${opened.userId} was not mailed: ${outcome.reason}.`);
  }

  async resetPassword(token: string, password: string, request: AuditedRequest): Promise<void> {
    const found = looksLikeOneTimeToken(token) ? await this.resets.byToken(oneTimeTokenHash(token)) : null;
    await this.audited('resetPassword', found, request, 204, async () => {
      if (!found) throw new NotFoundError(RESET_NOT_FOUND);
      if (oneTimeTokenState(found, Date.now()) !== 'usable') throw new GoneError(RESET_GONE);
      const violations = newPasswordViolations(password, found.email);
      if (violations.length > 0) throw invalidRequest(violations);
      const done = await this.resets.complete(
        oneTimeTokenHash(token),
        await this.auth.hashPassword(password),
      );
      if (!done) throw new GoneError(RESET_GONE);
      for (const session of done.endedSessions) this.sessions.markRevoked(session);
    });
  }

  /**
   * Runs what a link does and writes its audit event, success or refusal, before answering: the
   * person the link names acts (unknown when it names no one), in their client.
   */
  private async audited<T>(
    action: string,
    named: { userId: string; email: string; clientId: string | null } | null,
    request: AuditedRequest,
    successStatus: number,
    work: () => Promise<T>,
  ): Promise<T> {
    const record = (status: number) =>
      this.audit.record({
        actor: named
          ? { type: 'user', id: named.userId, email: named.email }
          : { type: 'user', id: '(unknown)' },
        clientId: named?.clientId ?? null,
        action,
        subject: { type: 'user', id: named?.userId ?? null },
        status,
        request,
      });
    try {
      const result = await work();
      await record(successStatus);
      return result;
    } catch (error) {
      await record(errorStatusOf(error));
      throw error;
    }
  }
}
