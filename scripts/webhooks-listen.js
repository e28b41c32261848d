#!/usr/bin/env node
'use strict';
// `npm run webhooks:listen -- --port 4000 --secret whsec_...`: a small webhook receiver for
// integrators. It verifies every delivery as Standard Webhooks define it (the `standardwebhooks`
// package, as your own receiver should), prints it, and answers 204 (or 400 when the signature does
// not verify, so the service tries again). The secret comes from --secret / WEBHOOK_SECRET, or from
// --secret-file, read again on every delivery so it may be written after the receiver started.
const fs = require('node:fs');
const http = require('node:http');
const { Webhook } = require('standardwebhooks');

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const port = Number(option('port', process.env.WEBHOOK_PORT || '4000'));
const secretFile = option('secret-file', process.env.WEBHOOK_SECRET_FILE);
const fixedSecret = option('secret', process.env.WEBHOOK_SECRET);

function secret() {
  if (fixedSecret) return fixedSecret;
  if (secretFile && fs.existsSync(secretFile)) return fs.readFileSync(secretFile, 'utf8').trim() || undefined;
  return undefined;
}

const seen = new Set();
const time = () => new Date().toISOString().slice(11, 23);

const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const key = secret();
    if (!key) {
      console.log(`${time()} ? no secret yet (--secret or --secret-file): not verified\n  ${body}`);
      response.writeHead(400).end();
      return;
    }
    let event;
    try {
      event = new Webhook(key).verify(body, request.headers);
    } catch (error) {
      console.log(
        `${time()} ✖ ${request.headers['webhook-id'] ?? '(no webhook-id)'} refused: ${error.message}`,
      );
      response.writeHead(400).end();
      return;
    }
    const id = request.headers['webhook-id'];
    const again = seen.has(id)
      ? '  (again: a retry of a delivery already received; drop it by its webhook-id)'
      : '';
    seen.add(id);
    const signatures = String(request.headers['webhook-signature']).split(' ').length;
    console.log(
      `${time()} ✔ ${event.type} ${id}${signatures > 1 ? ` (${signatures} signatures: a secret rotation is under way)` : ''}${again}\n  ${JSON.stringify(event.data)}`,
    );
    response.writeHead(204).end();
  });
});

server.listen(port, () => {
  console.log(`Listening for webhooks on http://localhost:${port}/ (Ctrl-C stops)`);
  if (!fixedSecret && !secretFile)
    console.log('No secret given: pass --secret whsec_... or --secret-file <path>.');
});
