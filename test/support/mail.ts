/**
 * The mails the stack's apps sent, read from the mail catcher the global setup runs (its SMTP_URL is
 * in the apps' environment; scripts/lib/mail-catcher.js, docs/testing.md). Test files may run at once
 * and share the catcher: give each test recipients of its own (a random address) and read by
 * address, with `after` to leave out older mails to the same one, rather than clearing it.
 */
import { state } from './helpers';
import { sleep } from './stack';

/** One caught mail, as GET /messages of the catcher lists it. */
export interface CaughtMail {
  id: number;
  /** When the catcher received it (ISO 8601). */
  date: string;
  from: string;
  /** Every recipient of the SMTP transaction (Cc and Bcc too). */
  to: string[];
  subject: string;
  text: string;
  html: string | null;
}

function catcherUrl(): string {
  return state().mailUrl;
}

/** The mails to `address` (any case), newest first. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${catcherUrl()}/messages?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`The mail catcher answered ${response.status} to GET /messages`);
  return (await response.json()) as CaughtMail[];
}

/**
 * The newest mail to `address` whose subject matches `subject` and that arrived at or after `after`
 * (epoch ms, e.g. Date.now() taken before the request that sends it). Polls the catcher until
 * `timeoutMs` has passed, then fails saying what did arrive for the address.
 */
export async function waitForMail(
  address: string,
  { subject, after, timeoutMs = 15_000 }: { subject?: RegExp; after?: number; timeoutMs?: number } = {},
): Promise<CaughtMail> {
  const wanted = (mail: CaughtMail) =>
    (subject === undefined || mail.subject.search(subject) !== -1) &&
    (after === undefined || Date.parse(mail.date) >= after);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address);
    const found = mails.find(wanted);
    if (found) return found;
    if (Date.now() >= deadline) {
      const seen = mails.map((m) => `${m.date} "${m.subject}"`).join(', ') || 'none';
      throw new Error(
        `No mail to ${address}${subject ? ` with a subject matching ${String(subject)}` : ''}` +
          `${after === undefined ? '' : ` since ${new Date(after).toISOString()}`} within ${timeoutMs} ms ` +
          `(mails to that address: ${seen})`,
      );
    }
    await sleep(100);
  }
}

/**
 * The one link of the mail's text body whose path holds `pathPrefix` followed by a token (the links
 * of docs/operations.md, Mail: <PUBLIC_URL>/invitations/<token>, <PUBLIC_URL>/password-resets/<token>),
 * and its token (percent-decoded). Fails when there is none, or more than one different one.
 */
export function linkIn(
  mail: CaughtMail,
  pathPrefix: '/invitations/' | '/password-resets/',
): { url: string; token: string } {
  const links = new Map<string, string>();
  for (const [candidate] of mail.text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    // A sentence's punctuation after the link is not part of it.
    const url = candidate.replace(/[.,;:!?)\]}]+$/, '');
    let pathname: string;
    try {
      pathname = new URL(url).pathname;
    } catch {
      continue; // not a URL after all
    }
    const at = pathname.indexOf(pathPrefix);
    if (at === -1) continue;
    const token = pathname.slice(at + pathPrefix.length);
    if (token !== '' && !token.includes('/')) links.set(url, decodeURIComponent(token));
  }
  if (links.size !== 1) {
    throw new Error(
      `Expected one ${pathPrefix}<token> link in the mail "${mail.subject}" to ${mail.to.join(', ')}, ` +
        `found ${links.size === 0 ? 'none' : [...links.keys()].join(', ')}; its text:\n${mail.text}`,
    );
  }
  const [[url, token]] = links;
  return { url, token };
}

/** Forgets every caught mail, of every test: only for a file that runs alone (see above). */
export async function clearMails(): Promise<void> {
  const response = await fetch(`${catcherUrl()}/messages`, { method: 'DELETE' });
  if (response.status !== 204)
    throw new Error(`The mail catcher answered ${response.status} to DELETE /messages`);
}
