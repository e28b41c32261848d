import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { corsOriginMatcher, DEVELOPMENT_CORS_ORIGINS } from '@app/platform/config/cors-origins';
import { AccessLog, AccessLogEntry } from './access-log';
import { clientErrorReply } from './refused-requests';

/** A socket that records what was written to it, and an access log that records its lines. */
function refuse(error: Error & { code?: string; rawPacket?: unknown }, socket = fakeSocket()) {
  const logged: AccessLogEntry[] = [];
  const logger = { info: (entry: AccessLogEntry) => logged.push(entry), warn: () => undefined };
  clientErrorReply({
    securityHeaders: [['x-content-type-options', 'nosniff']],
    isAllowedOrigin: corsOriginMatcher(DEVELOPMENT_CORS_ORIGINS),
    accessLog: new AccessLog(() => logger as unknown as Logger),
  })(error, socket as unknown as Socket);
  const [head, body] = socket.written.split('\r\n\r\n');
  const [statusLine, ...headerLines] = (head ?? '').split('\r\n');
  const headers = Object.fromEntries(headerLines.map((line) => line.split(': ') as [string, string]));
  return { statusLine, headers, body: body ? (JSON.parse(body) as unknown) : undefined, logged, socket };
}

function fakeSocket(destroyed = false) {
  const socket = {
    destroyed,
    writable: !destroyed,
    written: '',
    write: (text: string) => void (socket.written += text),
    destroy: () => void (socket.destroyed = true),
  };
  return socket;
}

/** What Node read of a request before it gave up: the first bytes of the raw packet. */
function packet(lines: string[]): Buffer {
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

const overflow = (rawPacket?: Buffer) =>
  Object.assign(new Error('Header overflow'), { code: 'HPE_HEADER_OVERFLOW', rawPacket });

describe('clientErrorReply', () => {
  it('answers a head too large with 431 in the error body, the caller id and its CORS headers', () => {
    const { statusLine, headers, body, logged, socket } = refuse(
      overflow(
        packet([
          `GET /packages?name=${'a'.repeat(20_000)} HTTP/1.1`,
          'Host: 127.0.0.1:3000',
          'Origin: http://localhost:4700',
          'X-Request-Id:  caller-7 ',
          'Accept: */*',
          '',
          '',
        ]),
      ),
    );
    expect(statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(body).toEqual({
      code: 431,
      message: expect.stringMatching(/too large \(at most 16 kB together\)/),
    });
    expect(headers).toEqual(
      expect.objectContaining({
        'x-content-type-options': 'nosniff',
        'access-control-allow-origin': 'http://localhost:4700',
        'access-control-expose-headers': expect.stringContaining('x-request-id'),
        'x-request-id': 'caller-7',
        'content-type': 'application/json; charset=utf-8',
        connection: 'close',
      }),
    );
    expect(Number(headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(body)));
    expect(socket.destroyed).toBe(true);
    expect(logged).toEqual([{ requestId: 'caller-7', method: 'GET', route: '(unmatched)', status: 431 }]);
  });

  it.each([
    ['another origin', ['Origin: https://evil.example', 'X-Request-Id: two words']],
    ['headers that had not arrived yet', ['Origin: http://localhost:4700']],
    ['no packet at all', undefined],
  ])('adds no CORS header and makes a new id for %s', (_case, lines) => {
    // The last line of a cut packet ends without its CRLF: it is not taken.
    const raw =
      lines && packet([`GET /x?q=${'a'.repeat(100)} HTTP/1.1`, ...lines.slice(0, -1), lines.at(-1)!]);
    const { headers, logged } = refuse(overflow(raw));
    expect(Object.keys(headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged[0].requestId).toBe(headers['x-request-id']);
  });

  it.each([
    ['a request that arrives too slowly', 'ERR_HTTP_REQUEST_TIMEOUT', 408],
    ['bytes that are not HTTP', 'HPE_INVALID_METHOD', 400],
    ['an error without a code', undefined, 400],
  ])('answers %s in the error body (%s: %i)', (_case, code, status) => {
    const { statusLine, body } = refuse(Object.assign(new Error('refused'), { code }));
    expect(statusLine).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(body).toEqual({ code: status, message: expect.any(String) });
  });

  it('writes nothing on a connection the client already reset', () => {
    const reset = refuse(Object.assign(new Error('reset'), { code: 'ECONNRESET' }));
    expect(reset.socket.written).toBe('');
    expect(reset.logged).toEqual([]);
    const gone = refuse(overflow(), fakeSocket(true));
    expect(gone.socket.written).toBe('');
  });
});
