'use strict';
const net = require('node:net');
const nodemailer = require('nodemailer');
const { startMailCatcher, linkify } = require('./mail-catcher');

describe('the local mail catcher', () => {
  let catcher;
  let transport;

  beforeEach(async () => {
    catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, keep: 3, maxBytes: 64 * 1024 });
    transport = nodemailer.createTransport(catcher.smtpUrl);
  });

  afterEach(async () => {
    transport.close();
    await catcher.close();
  });

  const send = (mail) => transport.sendMail({ from: 'Screening <no-reply@screening.local>', ...mail });
  const messages = async (query = '') => {
    const response = await fetch(`${catcher.webUrl}/messages${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    return response.json();
  };
  const page = async () => {
    const response = await fetch(`${catcher.webUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    return response.text();
  };

  it('accepts a mail sent with nodemailer, without authentication, and gives it back parsed', async () => {
    const info = await send({
      to: 'Ana López <ana@example.test>',
      cc: 'boss@example.test',
      subject: 'Invitation à Acme',
      text: 'Join: http://localhost:3000/invitations/tok_123\n',
      html: '<p>Join: <a href="http://localhost:3000/invitations/tok_123">here</a></p>',
    });
    expect(info.accepted).toEqual(['ana@example.test', 'boss@example.test']);

    const [mail, ...others] = await messages();
    expect(others).toEqual([]);
    expect(mail).toEqual({
      id: expect.any(Number),
      date: expect.any(String),
      from: expect.stringContaining('no-reply@screening.local'),
      to: ['ana@example.test', 'boss@example.test'],
      subject: 'Invitation à Acme',
      text: 'Join: http://localhost:3000/invitations/tok_123\n',
      html: '<p>Join: <a href="http://localhost:3000/invitations/tok_123">here</a></p>',
    });
    expect(new Date(mail.date).toISOString()).toBe(mail.date);
  });

  it('lists the newest first and keeps only the last `keep`', async () => {
    for (const n of [1, 2, 3, 4]) await send({ to: 'a@example.test', subject: `mail ${n}`, text: 'x' });
    expect((await messages()).map((m) => m.subject)).toEqual(['mail 4', 'mail 3', 'mail 2']);
    const html = await page();
    expect(html.indexOf('mail 4')).toBeLessThan(html.indexOf('mail 3'));
    expect(html).not.toContain('mail 1');
  });

  it('filters by recipient, ignoring case, and forgets everything on DELETE', async () => {
    await send({ to: 'Ana@Example.test', subject: 'to ana', text: 'x' });
    await send({ to: 'bob@example.test', bcc: 'ana@example.test', subject: 'to bob, ana in bcc', text: 'x' });
    await send({ to: 'bob@example.test', subject: 'to bob', text: 'x' });

    expect((await messages('?to=ANA%40example.TEST')).map((m) => m.subject)).toEqual([
      'to bob, ana in bcc',
      'to ana',
    ]);
    expect((await messages('?to=nobody%40example.test')).map((m) => m.subject)).toEqual([]);
    // Not a substring match: another address that contains this one is not it.
    expect(await messages('?to=na%40example.test')).toEqual([]);

    const cleared = await fetch(`${catcher.webUrl}/messages`, { method: 'DELETE' });
    expect(cleared.status).toBe(204);
    expect(await messages()).toEqual([]);
    expect(await page()).toContain('No mail yet.');
  });

  it('escapes everything a mail brings into the page, and makes only its http(s) links clickable', async () => {
    await send({
      from: '"<img src=x onerror=alert(1)>" <evil@example.test>',
      to: 'ana@example.test',
      subject: '<script>alert("subject")</script>',
      text: [
        'Reset: http://localhost:3000/password-resets/a"b<c>d?x=1&y=2.',
        "<b>bold</b> & javascript:alert(1) 'quoted'",
      ].join('\n'),
    });
    const response = await fetch(`${catcher.webUrl}/`);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).not.toMatch(/<script|<img|<b>|onerror=alert\(1\)>/);
    expect(html).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt; &amp; javascript:alert(1) &#39;quoted&#39;');
    // The link stops where a URL cannot go on; the sentence's full stop is not part of it.
    expect(html).toContain(
      '<a href="http://localhost:3000/password-resets/a">http://localhost:3000/password-resets/a</a>&quot;b&lt;c&gt;d?x=1&amp;y=2.',
    );
    expect(html.match(/<a href=/g)).toHaveLength(1);
  });

  it('escapes the characters of a link itself', () => {
    expect(linkify('see http://h/p?a=1&b=2, then (http://h/q).')).toBe(
      'see <a href="http://h/p?a=1&amp;b=2">http://h/p?a=1&amp;b=2</a>, then (<a href="http://h/q">http://h/q</a>).',
    );
  });

  it('serves a mail’s HTML part sandboxed, and the page links to it', async () => {
    await send({
      to: 'ana@example.test',
      subject: 'with html',
      text: 'x',
      html: '<p>Hello</p><script>1</script>',
    });
    const [mail] = await messages();
    expect(await page()).toContain(`<a href="/messages/${mail.id}/html">HTML version</a>`);
    const response = await fetch(`${catcher.webUrl}/messages/${mail.id}/html`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    expect(await response.text()).toBe('<p>Hello</p><script>1</script>');
    expect((await fetch(`${catcher.webUrl}/messages/999/html`)).status).toBe(404);
  });

  it('refuses a mail bigger than its limit with 552 and keeps nothing of it', async () => {
    await expect(send({ to: 'ana@example.test', text: 'x'.repeat(100 * 1024) })).rejects.toMatchObject({
      responseCode: 552,
    });
    expect(await messages()).toEqual([]);
    await send({ to: 'ana@example.test', subject: 'small', text: 'x' });
    expect((await messages()).map((m) => m.subject)).toEqual(['small']);
  });

  it('answers 404 and 405 for what it does not serve', async () => {
    expect((await fetch(`${catcher.webUrl}/nothing`)).status).toBe(404);
    const wrong = await fetch(`${catcher.webUrl}/messages`, { method: 'POST' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, DELETE');
  });

  it('says which port is taken, and holds neither port after failing', async () => {
    const listening = async (port) => {
      const server = net.createServer();
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', resolve);
      });
      return server;
    };
    const closeServer = (server) => new Promise((resolve) => server.close(resolve));
    const squatter = await listening(0);
    const taken = squatter.address().port;
    const probe = await listening(0);
    const free = probe.address().port;
    await closeServer(probe);
    try {
      await expect(startMailCatcher({ smtpPort: free, httpPort: taken })).rejects.toMatchObject({
        code: 'EADDRINUSE',
        what: 'HTTP',
        port: taken,
        message: `HTTP port ${taken} on 127.0.0.1 is in use`,
      });
      // The SMTP port it had opened is free again.
      await closeServer(await listening(free));
      await expect(startMailCatcher({ smtpPort: taken, httpPort: 0 })).rejects.toMatchObject({
        code: 'EADDRINUSE',
        what: 'SMTP',
        message: `SMTP port ${taken} on 127.0.0.1 is in use`,
      });
    } finally {
      await closeServer(squatter);
    }
  });

  it('closes both ports', async () => {
    const { smtpUrl, webUrl } = catcher;
    transport.close();
    await catcher.close();
    await expect(fetch(`${webUrl}/messages`)).rejects.toThrow();
    await expect(
      new Promise((resolve, reject) => {
        const socket = net.connect(Number(new URL(smtpUrl).port), '127.0.0.1');
        socket.once('connect', () => resolve(socket.destroy()));
        socket.once('error', reject);
      }),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
