'use strict';
// A local mail catcher (docs/operations.md, Mail): an SMTP server that accepts any mail, without
// authentication or TLS, keeps the last ones in memory and shows them over HTTP. Nothing is relayed:
// a mail sent to it never leaves this process. `npm start` runs one when SMTP_URL is unset; the e2e
// stack runs one for its apps (test/support/mail.ts reads it).
//
//   GET    /                   the mails, newest first, as a page for a person
//   GET    /messages[?to=a@b]  the mails, newest first, as JSON (only those to that address)
//   GET    /messages/<id>/html a mail's HTML part, sandboxed (no script, nothing fetched)
//   DELETE /messages           forgets every mail
const http = require('node:http');
const { SMTPServer } = require('smtp-server');
const { simpleParser } = require('mailparser');

/** The biggest mail accepted (bytes of the message as sent); a bigger one is refused with 552. */
const MAX_MESSAGE_BYTES = 1024 * 1024;

/** `text` safe inside HTML text and attribute values. */
function escapeHtml(text) {
  return String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
}

/** Escaped `text` with its http(s) links made clickable (trailing punctuation stays text). */
function linkify(text) {
  let html = '';
  let last = 0;
  for (const match of String(text).matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = match[0].replace(/[.,;:!?)\]}]+$/, '');
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

/** The page of GET /: every mail, newest first. */
function renderPage(messages) {
  const items = messages.map(
    (m) => `<article>
<h2>${escapeHtml(m.subject || '(no subject)')}</h2>
<dl><dt>Date</dt><dd>${escapeHtml(m.date)}</dd><dt>From</dt><dd>${escapeHtml(m.from)}</dd><dt>To</dt><dd>${escapeHtml(m.to.join(', '))}</dd></dl>
<pre>${linkify(m.text)}</pre>${m.html === null ? '' : `\n<p><a href="/messages/${m.id}/html">HTML version</a></p>`}
</article>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Mail catcher (${messages.length})</title>
<style>
body { font: 15px/1.4 system-ui, sans-serif; max-width: 60rem; margin: 1rem auto; padding: 0 1rem; }
article { border-top: 1px solid #ccc; padding: .5rem 0; }
h2 { font-size: 1.1rem; margin: .3rem 0; }
dl { display: grid; grid-template-columns: 4rem 1fr; margin: 0; color: #444; }
dd { margin: 0; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f6f6; padding: .5rem; }
</style>
</head>
<body>
<h1>Mail catcher</h1>
<p>${messages.length === 0 ? 'No mail yet.' : `${messages.length} mail${messages.length === 1 ? '' : 's'}, newest first.`} Reload for new ones. Nothing caught here was sent on; <code>GET /messages</code> lists them as JSON, <code>DELETE /messages</code> forgets them.</p>
${items.join('\n')}
</body>
</html>
`;
}

/** The addresses of a parsed address header (To, From), groups flattened. */
function addresses(header) {
  const list = [].concat(header ?? []).flatMap((h) => h.value ?? []);
  return list
    .flatMap((a) => (a.group ? a.group : [a]))
    .map((a) => a.address)
    .filter(Boolean);
}

/** Listens, or rejects with an error that names the port and what it was for; answers the port. */
function listen(server, netServer, port, host, what) {
  return new Promise((resolve, reject) => {
    const onError = (error) => {
      const reason = error.code === 'EADDRINUSE' ? 'is in use' : `cannot be used (${error.message})`;
      reject(
        Object.assign(new Error(`${what} port ${port} on ${host} ${reason}`), {
          code: error.code,
          port,
          what,
        }),
      );
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(netServer.address().port);
    });
  });
}

/**
 * Starts the catcher. smtpPort / httpPort: 0 picks free ones (the URLs returned name the real ones).
 * keep: how many mails are kept (the oldest are forgotten first); maxBytes: the biggest mail accepted.
 * Rejects, with `code` EADDRINUSE and `what` 'SMTP' or 'HTTP', when a port is taken.
 */
async function startMailCatcher({
  smtpPort,
  httpPort,
  host = '127.0.0.1',
  keep = 200,
  maxBytes = MAX_MESSAGE_BYTES,
} = {}) {
  /** Newest first. */
  let messages = [];
  let lastId = 0;

  const smtp = new SMTPServer({
    name: 'mail-catcher',
    banner: 'local mail catcher: nothing is sent on',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    size: maxBytes,
    rejectOversized: true,
    logger: false,
    // Close does not wait 30 s for a client that keeps its connection open.
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => {
        // Past the limit the rest is read and dropped, never held.
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on('error', callback);
      stream.on('end', async () => {
        if (stream.sizeExceeded) {
          return callback(
            Object.assign(new Error(`Message exceeds the catcher's limit of ${maxBytes} bytes`), {
              responseCode: 552,
            }),
          );
        }
        try {
          const parsed = await simpleParser(Buffer.concat(chunks));
          const envelope = session.envelope.rcptTo.map((r) => r.address);
          const message = {
            id: ++lastId,
            date: new Date().toISOString(),
            from: parsed.from?.text || session.envelope.mailFrom?.address || '',
            // Every recipient of the transaction (Cc and Bcc too), else the To header.
            to: envelope.length > 0 ? envelope : addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
          };
          messages = [message, ...messages].slice(0, keep);
          callback(null, `Caught as message ${message.id}`);
        } catch (error) {
          callback(
            Object.assign(new Error(`Message could not be parsed: ${error.message}`), { responseCode: 554 }),
          );
        }
      });
    },
  });

  const web = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://catcher');
    const send = (status, type, body, headers = {}) => {
      response.writeHead(status, {
        'Content-Type': type,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        ...headers,
      });
      response.end(body);
    };
    const json = (status, value) => send(status, 'application/json; charset=utf-8', JSON.stringify(value));
    const htmlPart = /^\/messages\/(\d+)\/html$/.exec(url.pathname);

    if (url.pathname === '/' && request.method === 'GET') {
      return send(200, 'text/html; charset=utf-8', renderPage(messages), {
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      });
    }
    if (url.pathname === '/messages' && request.method === 'GET') {
      const to = url.searchParams.get('to')?.trim().toLowerCase();
      return json(200, to ? messages.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : messages);
    }
    if (url.pathname === '/messages' && request.method === 'DELETE') {
      messages = [];
      response.writeHead(204).end();
      return undefined;
    }
    if (htmlPart && request.method === 'GET') {
      const message = messages.find((m) => m.id === Number(htmlPart[1]));
      if (!message?.html) return json(404, { message: 'No such mail, or it has no HTML part' });
      // A mail's HTML is the sender's: shown sandboxed, without scripts, forms or remote content.
      return send(200, 'text/html; charset=utf-8', message.html, {
        'Content-Security-Policy': "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'",
      });
    }
    if (url.pathname === '/' || url.pathname === '/messages' || htmlPart) {
      const allow = url.pathname === '/messages' ? 'GET, DELETE' : 'GET';
      return send(405, 'application/json; charset=utf-8', JSON.stringify({ message: 'Method not allowed' }), {
        Allow: allow,
      });
    }
    return json(404, { message: 'Not found' });
  });

  // A client that drops its connection is reported as an error of the server: nothing to do about it.
  smtp.on('error', () => undefined);
  const boundSmtpPort = await listen(smtp, smtp.server, smtpPort, host, 'SMTP');
  let boundHttpPort;
  try {
    boundHttpPort = await listen(web, web, httpPort, host, 'HTTP');
  } catch (error) {
    await new Promise((resolve) => smtp.close(resolve));
    throw error;
  }
  // The URLs name an address a client on this machine can reach.
  const urlHost = ['0.0.0.0', '::'].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  let closing;
  return {
    smtpUrl: `smtp://${urlHost}:${boundSmtpPort}`,
    webUrl: `http://${urlHost}:${boundHttpPort}`,
    /** Stops both servers (once; later calls wait for the same). */
    close() {
      closing ??= Promise.all([
        new Promise((resolve) => smtp.close(resolve)),
        new Promise((resolve) => {
          web.close(resolve);
          web.closeAllConnections();
        }),
      ]).then(() => undefined);
      return closing;
    },
  };
}

module.exports = { startMailCatcher, escapeHtml, linkify, MAX_MESSAGE_BYTES };
