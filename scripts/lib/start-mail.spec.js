'use strict';
const net = require('node:net');
const { mailSettings, startMail } = require('./start-mail');

/** A catcher stand-in: records how it was started. */
function fakeCatcher() {
  const calls = [];
  const closed = [];
  const startCatcher = async (options) => {
    calls.push(options);
    return {
      smtpUrl: `smtp://127.0.0.1:${options.smtpPort}`,
      webUrl: `http://127.0.0.1:${options.httpPort}`,
      close: async () => closed.push(true),
    };
  };
  return { calls, closed, startCatcher };
}

describe('npm start and mail', () => {
  it('runs the catcher on 1025 / 1080 without SMTP_URL, and gives the apps its SMTP_URL and a PUBLIC_URL', async () => {
    const fake = fakeCatcher();
    const mail = await startMail(mailSettings({}, '3000'), fake);
    expect(fake.calls).toEqual([{ smtpPort: 1025, httpPort: 1080 }]);
    expect(mail.appEnv).toEqual({ SMTP_URL: 'smtp://127.0.0.1:1025', PUBLIC_URL: 'http://localhost:3000' });
    expect(mail.summary).toEqual({
      where: 'http://localhost:1080',
      note: 'local mail catcher: nothing leaves this machine; set SMTP_URL to send for real',
    });
    expect(mail.warning).toBeUndefined();
    await mail.close();
    expect(fake.closed).toEqual([true]);
  });

  it('takes the catcher’s ports and PUBLIC_URL from the environment; an empty SMTP_URL is no SMTP_URL', async () => {
    const fake = fakeCatcher();
    const env = {
      SMTP_URL: '',
      MAIL_CATCHER_SMTP_PORT: '2526',
      MAIL_CATCHER_PORT: '2581',
      PUBLIC_URL: 'https://screening.example.com',
    };
    const mail = await startMail(mailSettings(env, '3000'), fake);
    expect(fake.calls).toEqual([{ smtpPort: 2526, httpPort: 2581 }]);
    expect(mail.appEnv).toEqual({
      SMTP_URL: 'smtp://127.0.0.1:2526',
      PUBLIC_URL: 'https://screening.example.com',
    });
    expect(mail.summary.where).toBe('http://localhost:2581');
  });

  it('runs no catcher with SMTP_URL set, and never prints its password', async () => {
    const fake = fakeCatcher();
    const env = { SMTP_URL: 'smtp://mailer:s3cret@smtp.example.com:587' };
    const mail = await startMail(mailSettings(env, '4000'), fake);
    expect(fake.calls).toEqual([]);
    expect(mail.appEnv).toEqual({
      SMTP_URL: 'smtp://mailer:s3cret@smtp.example.com:587',
      PUBLIC_URL: 'http://localhost:4000',
    });
    expect(mail.summary.where).toBe('sent through smtp://smtp.example.com:587');
    expect(JSON.stringify(mail.summary)).not.toContain('s3cret');
    await mail.close();
  });

  it.each([['abc'], ['70000'], ['-1'], ['10.5']])(
    'stops on a catcher port of %s, naming the variable',
    (value) => {
      expect(() => mailSettings({ MAIL_CATCHER_PORT: value }, '3000')).toThrow(
        `Invalid configuration: MAIL_CATCHER_PORT must be a port number (0 to 65535), got "${value}"`,
      );
    },
  );

  it('goes on without mail when a port of the catcher is taken, saying which and what to do', async () => {
    const squatter = net.createServer();
    await new Promise((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const taken = squatter.address().port;
    try {
      // The real catcher: its SMTP port is free (0), its web port is not.
      const mail = await startMail(
        mailSettings({ MAIL_CATCHER_SMTP_PORT: '0', MAIL_CATCHER_PORT: String(taken) }, '3000'),
      );
      expect(mail.appEnv).toEqual({ SMTP_URL: undefined, PUBLIC_URL: 'http://localhost:3000' });
      expect(mail.warning).toBe(
        [
          `Mail catcher not started: HTTP port ${taken} on 127.0.0.1 is in use (MAIL_CATCHER_PORT).`,
          'The apps run without SMTP_URL: they print invitation and password-reset links instead of sending them.',
          'Free the port, choose others with MAIL_CATCHER_SMTP_PORT / MAIL_CATCHER_PORT, or set SMTP_URL.',
        ].join('\n'),
      );
      expect(mail.summary.where).toBe('none');
      await mail.close();
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('does not hide an error that is not a taken port', async () => {
    const startCatcher = async () => {
      throw new Error('a bug');
    };
    await expect(startMail(mailSettings({}, '3000'), { startCatcher })).rejects.toThrow('a bug');
  });

  it('starts the real catcher and stops it on close', async () => {
    const mail = await startMail(
      mailSettings({ MAIL_CATCHER_SMTP_PORT: '0', MAIL_CATCHER_PORT: '0' }, '3000'),
    );
    expect(mail.appEnv.SMTP_URL).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    const web = mail.summary.where.replace('localhost', '127.0.0.1');
    expect(await (await fetch(`${web}/messages`)).json()).toEqual([]);
    await mail.close();
    await expect(fetch(`${web}/messages`)).rejects.toThrow();
  });
});
