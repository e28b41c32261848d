import * as http from 'node:http';
import * as https from 'node:https';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { SendResult, WebhookSender } from '@app/domain';
import { APP_CONFIG, AppConfig, guardedLookup, literalAddressRefusal } from '@app/platform';

/** We never need a receiver's answer; reading at most this much keeps a huge one harmless. */
export const MAX_RESPONSE_BYTES = 1024;
/** Requests open at once to one origin (protocol, host and port); more wait for one to end. */
export const MAX_CONNECTIONS = 64;

/**
 * The domain's WebhookSender port over Node's HTTP client (docs/integrators.md): one POST, success is a 2xx within
 * WEBHOOKS_TIMEOUT_MS, redirects are not followed (Node's client never follows them), at most
 * 1 kB of the answer is read. Unless private URLs are allowed, the address is checked again right
 * before connecting, on the addresses the connection then uses (see guardedLookup). Connections
 * are kept alive: most deliveries go to a few receivers.
 *
 * At most MAX_CONNECTIONS requests are open to one origin; the others wait for a connection. The
 * receiver's time starts when the request has its connection (docs/integrators.md, "Webhooks"): a
 * request that waited behind 64 slow answers is not charged their time. The wait itself is bounded
 * by the same limit, so that a receiver that hangs holds the attempts queued for it (and the
 * client's delivery slots) for one limit, not one per 64 of them; such an attempt fails as not sent.
 */
@Injectable()
export class HttpWebhookSender implements WebhookSender, OnApplicationShutdown {
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: MAX_CONNECTIONS }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: MAX_CONNECTIONS }),
  };

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  post(url: string, body: string, headers: Record<string, string>): Promise<SendResult> {
    const { allowPrivateUrls, timeoutMs } = this.config.webhooks;
    const refusal = allowPrivateUrls ? null : literalAddressRefusal(url);
    if (refusal) return Promise.resolve({ httpStatus: null, error: refusal });
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    return new Promise((resolve) => {
      let status: number | null = null;
      let settled = false;
      const finish = (error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ httpStatus: status, error: status === null ? error : verdict(status) });
      };
      const giveUp = (error: string) => () => {
        request.destroy();
        finish(error);
      };
      const request = (secure ? https : http).request(
        target,
        {
          method: 'POST',
          headers: {
            ...headers,
            'content-length': Buffer.byteLength(body),
            'user-agent': 'screening-webhooks/1',
          },
          agent: this.agents[secure ? 'https:' : 'http:'],
          lookup: allowPrivateUrls ? undefined : guardedLookup,
        },
        (response) => {
          status = response.statusCode ?? 0;
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_RESPONSE_BYTES) {
              response.destroy();
              finish(null);
            }
          });
          response.on('end', () => finish(null));
          response.on('error', () => finish(null));
        },
      );
      let timer = setTimeout(
        giveUp(
          `Not sent: no free connection to ${target.origin} within ${timeoutMs} ms ` +
            `(all ${MAX_CONNECTIONS} were waiting for its answers)`,
        ),
        timeoutMs,
      );
      request.once('socket', () => {
        clearTimeout(timer);
        // An answer that started in time but streams on is cut; its status already decided.
        timer = setTimeout(giveUp(`No answer within ${timeoutMs} ms`), timeoutMs);
      });
      request.on('error', (error) => finish(error.message));
      request.end(body);
    });
  }

  onApplicationShutdown(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }
}

function verdict(status: number): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return `HTTP ${status}: redirects are not followed`;
  return `HTTP ${status}`;
}
