/**
 * Mail in tests and under `npm start` (docs/operations.md, Mail): the stack's apps get the SMTP_URL of
 * the catcher the global setup runs, and test/support/mail.ts reads what reaches it; `npm start`
 * without SMTP_URL runs a catcher of its own and hands its SMTP_URL to the apps, or says why not.
 * The mails here are sent with nodemailer, as the apps' Mailer does.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect, createServer, Server } from 'node:net';
import { createTransport } from 'nodemailer';
import { eventually, state } from './support/helpers';
import { linkIn, mailsTo, waitForMail } from './support/mail';
import { NpmStart } from './support/npm-start';
import { E2E, exitOf, kill } from './support/stack';

const recipient = (name: string) => `${name}-${randomUUID()}@example.test`;

/** Sends one mail through an SMTP URL and closes the connection. */
async function send(smtpUrl: string, mail: { to: string; subject: string; text: string }): Promise<void> {
  const transport = createTransport(smtpUrl);
  try {
    await transport.sendMail({ from: state().env.MAIL_FROM, ...mail });
  } finally {
    transport.close();
  }
}

/** The environment a running process was started with (Linux: /proc). */
function environmentOf(pid: number): Record<string, string> {
  return Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter((entry) => entry.includes('='))
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
}

/** Whether something accepts connections on a port of this machine. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('the e2e stack’s mail catcher', () => {
  const { env } = state();

  it('is where the stack’s apps send mail, with links to the stack’s api', () => {
    expect(env).toMatchObject({
      SMTP_URL: `smtp://127.0.0.1:${E2E.mailSmtpPort}`,
      MAIL_FROM: expect.stringContaining('@'),
      PUBLIC_URL: `http://127.0.0.1:${E2E.apiPort}`,
    });
    expect(environmentOf(state().apiPid)).toMatchObject({
      SMTP_URL: env.SMTP_URL,
      PUBLIC_URL: env.PUBLIC_URL,
    });
    expect(environmentOf(state().processorPid)).toMatchObject({ SMTP_URL: env.SMTP_URL });
  });

  it('catches a mail sent to SMTP_URL; waitForMail and linkIn read its link and token', async () => {
    const invitee = recipient('invitee');
    const token = randomBytes(24).toString('base64url');
    // Waiting starts before the mail is sent: waitForMail polls until it arrives.
    const waiting = waitForMail(invitee, { subject: /invited/i });
    await send(env.SMTP_URL, {
      to: invitee.toUpperCase(),
      subject: 'You are invited to Acme',
      text: `Hello,\n\nOpen ${env.PUBLIC_URL}/invitations/${token}. The link works for 7 days.\n`,
    });
    const mail = await waiting;
    expect(mail).toMatchObject({
      from: expect.stringContaining('no-reply@'),
      subject: 'You are invited to Acme',
    });
    expect(linkIn(mail, '/invitations/')).toEqual({ url: `${env.PUBLIC_URL}/invitations/${token}`, token });
    expect(() => linkIn(mail, '/password-resets/')).toThrow(/Expected one \/password-resets\/<token> link/);
    expect(await mailsTo(recipient('nobody'))).toEqual([]);
  });

  it('tells one mail to an address from another by subject and by time of arrival', async () => {
    const user = recipient('user');
    await send(env.SMTP_URL, {
      to: user,
      subject: 'Reset your password',
      text: `${env.PUBLIC_URL}/password-resets/first`,
    });
    const first = await waitForMail(user, { subject: /reset/i });
    await send(env.SMTP_URL, { to: user, subject: 'Welcome', text: 'No link here.' });
    await send(env.SMTP_URL, {
      to: user,
      subject: 'Reset your password',
      text: `${env.PUBLIC_URL}/password-resets/second`,
    });

    // After the first one arrived (by the catcher's own clock): the second reset only.
    const second = await waitForMail(user, { subject: /reset/i, after: Date.parse(first.date) + 1 });
    expect(linkIn(second, '/password-resets/').token).toBe('second');
    expect(linkIn(first, '/password-resets/').token).toBe('first');
    expect((await waitForMail(user, { subject: /^Welcome$/ })).text.trim()).toBe('No link here.');
    expect((await mailsTo(user)).map((m) => m.subject)).toEqual([
      'Reset your password',
      'Welcome',
      'Reset your password',
    ]);
    await expect(waitForMail(user, { subject: /invitation/, timeoutMs: 300 })).rejects.toThrow(
      `No mail to ${user} with a subject matching /invitation/ within 300 ms (mails to that address: `,
    );
  });
});

describe('npm start without SMTP_URL', () => {
  let start: NpmStart | undefined;

  afterEach(() => start?.killAll());

  /** The supervisor's JSON lines whose message starts with `prefix`. */
  const said = (prefix: string) =>
    start!.jsonLines().filter((l) => l.app === 'supervisor' && String(l.msg).startsWith(prefix));
  const ready = () =>
    eventually(
      async () => (start!.output.includes('"msg":"Mails: ') ? true : undefined),
      90_000,
      'npm start to be ready',
    );

  it('runs a mail catcher, gives its SMTP_URL to the apps, says where to read mails, and closes it on stop', async () => {
    start = new NpmStart({ SMTP_URL: undefined });
    await ready();
    const smtpUrl = `smtp://127.0.0.1:${E2E.supervisedMailSmtpPort}`;
    const web = `http://localhost:${E2E.supervisedMailWebPort}`;
    expect(said('Mails: ')).toEqual([
      expect.objectContaining({
        level: 30,
        msg: `Mails: ${web} (local mail catcher: nothing leaves this machine; set SMTP_URL to send for real)`,
      }),
    ]);
    for (const app of ['api', 'processor'] as const) {
      expect(environmentOf(start.pids(app)[0])).toMatchObject({
        SMTP_URL: smtpUrl,
        PUBLIC_URL: `http://127.0.0.1:${E2E.supervisedApiPort}`,
      });
    }

    const someone = recipient('someone');
    await send(smtpUrl, { to: someone, subject: 'Through npm start', text: 'Hello' });
    const caught = (await (
      await fetch(`http://127.0.0.1:${E2E.supervisedMailWebPort}/messages?to=${encodeURIComponent(someone)}`)
    ).json()) as Array<{ subject: string }>;
    expect(caught.map((m) => m.subject)).toEqual(['Through npm start']);
    // Not the stack's catcher: the two are apart.
    expect(await mailsTo(someone)).toEqual([]);

    kill(start.child.pid!, 'SIGTERM');
    expect(await exitOf(start.child)).toEqual({ code: 0, signal: null });
    expect(await accepts(E2E.supervisedMailSmtpPort)).toBe(false);
    expect(await accepts(E2E.supervisedMailWebPort)).toBe(false);
  }, 120_000);

  it('says which catcher port is taken and runs the apps without SMTP_URL', async () => {
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(E2E.supervisedMailWebPort, '127.0.0.1', resolve));
    try {
      start = new NpmStart({ SMTP_URL: undefined });
      await ready();
      const problem = `HTTP port ${E2E.supervisedMailWebPort} on 127.0.0.1 is in use (MAIL_CATCHER_PORT)`;
      expect(said('Mail catcher not started')).toEqual([
        expect.objectContaining({ level: 40, msg: `Mail catcher not started: ${problem}.` }),
      ]);
      expect(start.output).toContain(
        'they print invitation and password-reset links instead of sending them',
      );
      expect(said('Mails: ')).toEqual([
        expect.objectContaining({
          msg: expect.stringMatching(/^Mails: none \(the local mail catcher did not start/),
        }),
      ]);
      const apiEnvironment = environmentOf(start.pids('api')[0]);
      expect(apiEnvironment.SMTP_URL).toBeUndefined();
      expect(apiEnvironment.PUBLIC_URL).toBe(`http://127.0.0.1:${E2E.supervisedApiPort}`);
      // The SMTP side it had opened was closed again: no half catcher.
      expect(await accepts(E2E.supervisedMailSmtpPort)).toBe(false);

      kill(start.child.pid!, 'SIGTERM');
      expect(await exitOf(start.child)).toEqual({ code: 0, signal: null });
    } finally {
      squatter.close();
    }
  }, 120_000);
});
