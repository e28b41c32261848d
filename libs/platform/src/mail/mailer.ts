import { createTransport, type Transporter } from 'nodemailer';
import type { MailConfig } from '../config/app-config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type MailOutcome = { sent: true } | { sent: false; reason: string };

/** Pauses before the second and third attempt: a mail server restarting, a greylisting answer. */
const RETRY_PAUSES_MS = [1_000, 5_000];
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * Sends the service's mails through SMTP_URL (docs/operations.md, "Mail"), with two more attempts
 * after a failure. Without SMTP_URL nothing is sent and `send` says so: the caller shows the link
 * another way. A mail server on this machine (the local catcher, a test's) is trusted with a
 * certificate of its own making: what never leaves the machine cannot be intercepted on the way.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly config: Pick<MailConfig, 'smtpUrl' | 'from'>,
    private readonly pause: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    if (!config.smtpUrl) return;
    const loopback = LOOPBACK.has(new URL(config.smtpUrl).hostname);
    this.transport = createTransport(config.smtpUrl, {
      from: config.from,
      ...(loopback ? { tls: { rejectUnauthorized: false } } : {}),
    });
  }

  /** Whether mails go anywhere at all. */
  get sends(): boolean {
    return this.transport !== undefined;
  }

  async send(mail: OutgoingMail): Promise<MailOutcome> {
    if (!this.transport) return { sent: false, reason: 'SMTP_URL is not set' };
    let lastError: unknown;
    for (let attempt = 0; attempt <= RETRY_PAUSES_MS.length; attempt++) {
      if (attempt > 0) await this.pause(RETRY_PAUSES_MS[attempt - 1]);
      try {
        await this.transport.sendMail({ from: this.config.from, ...mail });
        return { sent: true };
      } catch (error) {
        lastError = error;
      }
    }
    return { sent: false, reason: lastError instanceof Error ? lastError.message : String(lastError) };
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
