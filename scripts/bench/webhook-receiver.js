'use strict';
// The bench's webhook receiver, in a process of its own: answers 204 to every POST (keep-alive) and
// counts them; tells its parent when it listens and, on request, how many it received.
const http = require('node:http');

let received = 0;
const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    received += 1;
    response.writeHead(204).end();
  });
});
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send({ listening: true }));
process.on('message', () => process.send({ received }));
