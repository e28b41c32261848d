import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { Mailer } from './mailer';

/** A real SMTP server on a free port of this machine; it keeps what it receives. */
async function smtpServer(options: { failFirst?: number } = {}) {
  const received: string[] = [];
  let failures = options.failFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        if (failures-- > 0)
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        received.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const MAIL = {
  to: 'ana@acme.test',
  subject: 'Invitación a Acme',
  text: 'Hola:\n\nhttps://x/invitations/t',
  html: '<p>Hola:</p>',
};

describe('Mailer', () => {
  it('sends through SMTP_URL from MAIL_FROM', async () => {
    const server = await smtpServer();
    const mailer = new Mailer({ smtpUrl: server.url, from: 'Screening <no-reply@screening.local>' });
    try {
      expect(mailer.sends).toBe(true);
      expect(await mailer.send(MAIL)).toEqual({ sent: true });
      expect(server.received).toHaveLength(1);
      expect(server.received[0]).toMatch(/^From: Screening <no-reply@screening\.local>$/m);
      expect(server.received[0]).toMatch(/^To: ana@acme\.test$/m);
    } finally {
      mailer.onModuleDestroy();
      await server.close();
    }
  });

  it('tries twice more after a failure, pausing between attempts', async () => {
    const server = await smtpServer({ failFirst: 2 });
    const pauses: number[] = [];
    const mailer = new Mailer({ smtpUrl: server.url, from: 'a@b.mx' }, async (ms) => void pauses.push(ms));
    try {
      expect(await mailer.send(MAIL)).toEqual({ sent: true });
      expect(pauses).toEqual([1_000, 5_000]);
      expect(server.received).toHaveLength(1);
    } finally {
      mailer.onModuleDestroy();
      await server.close();
    }
  });

  it('says why after the third failure, and sends nothing without SMTP_URL', async () => {
    const server = await smtpServer({ failFirst: 3 });
    const mailer = new Mailer({ smtpUrl: server.url, from: 'a@b.mx' }, async () => undefined);
    try {
      const outcome = await mailer.send(MAIL);
      expect(outcome).toEqual({ sent: false, reason: expect.stringContaining('Try again later') });
    } finally {
      mailer.onModuleDestroy();
      await server.close();
    }
    const none = new Mailer({ smtpUrl: undefined, from: 'a@b.mx' });
    expect(none.sends).toBe(false);
    expect(await none.send(MAIL)).toEqual({ sent: false, reason: 'SMTP_URL is not set' });
  });
});
