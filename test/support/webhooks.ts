/**
 * A real webhook receiver for e2e tests (node:http on 127.0.0.1), and helpers around endpoints.
 * Every request is kept with its raw body so tests verify signatures with `standardwebhooks`.
 */
import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import { Webhook } from 'standardwebhooks';
import { retryingDeadlocks } from '@app/persistence/repositories/executor';
import { api, eventually, Session, state, withDb } from './helpers';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; createdAt: number; clientId: string; data: Record<string, unknown> };
}

/** What the receiver answers to its n-th request (1-based): a status, or 'hold' to never answer. */
export type Answer = (n: number, received: Received, response: ServerResponse) => number | 'hold' | 'custom';

export class Receiver {
  readonly received: Received[] = [];
  private readonly held: ServerResponse[] = [];

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  /** Listens on `port` (0: any free port) and answers with `answer` (default: 200). */
  static start(answer: Answer = () => 200, port = 0): Promise<Receiver> {
    let receiver: Receiver;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const received = { headers: request.headers, body, event: JSON.parse(body) as Received['event'] };
        receiver.received.push(received);
        const status = answer(receiver.received.length, received, response);
        if (status === 'hold') receiver.held.push(response);
        else if (status !== 'custom') response.writeHead(status).end('ok');
      });
    });
    return new Promise((resolve) =>
      server.listen(port, '127.0.0.1', () => {
        receiver = new Receiver(server, (server.address() as AddressInfo).port);
        resolve(receiver);
      }),
    );
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** What arrived for one event id (every attempt). */
  of(eventId: string): Received[] {
    return this.received.filter((r) => r.event.id === eventId);
  }

  /** Waits until `count` requests match `filter`. */
  waitFor(filter: (r: Received) => boolean, count = 1, timeoutMs = 20_000): Promise<Received[]> {
    return eventually(
      async () => {
        const matching = this.received.filter(filter);
        return matching.length >= count ? matching : undefined;
      },
      timeoutMs,
      `${count} webhook request(s) on port ${this.port}`,
    );
  }

  close(): Promise<void> {
    for (const response of this.held) response.destroy();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A port nobody listens on (for a receiver that is down). */
export async function freePort(): Promise<number> {
  const receiver = await Receiver.start();
  await receiver.close();
  return receiver.port;
}

/** Throws unless the request verifies with `secret` as Standard Webhooks define it. */
export function verify(received: Received, secret: string): unknown {
  return new Webhook(secret).verify(received.body, received.headers as Record<string, string>);
}

const created: string[] = [];

/** POST /webhook-endpoints answering 201; the endpoint is deleted by `deleteCreatedEndpoints`. */
export async function createEndpoint(
  session: Session,
  body: Record<string, unknown>,
): Promise<{ id: string; secret: string; [key: string]: unknown }> {
  const response = await api().post('/webhook-endpoints').set(session.auth).send(body);
  if (response.status !== 201)
    throw new Error(`endpoint creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  track(response.body.id);
  return response.body;
}

/** An endpoint made some other way, deleted with the others after the test. */
export function track(endpointId: string): void {
  created.push(endpointId);
}

/** Removes the endpoints a test created, so they receive nothing of the next test. */
export async function deleteCreatedEndpoints(): Promise<void> {
  const ids = created.splice(0);
  // The processor may be recording these endpoints' attempts meanwhile, which locks in the other
  // order: the deletion then runs again, as the api's does.
  await retryingDeadlocks(() =>
    withDb((db) => db.query(`DELETE FROM webhook_endpoint WHERE id = ANY($1::uuid[])`, [ids])),
  );
}

export interface DeliveryView {
  id: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: Array<{ at: number; httpStatus: number | null; durationMs: number; error: string | null }>;
  nextAttemptAt: number | null;
}

export async function deliveries(session: Session, endpointId: string, query = ''): Promise<DeliveryView[]> {
  const response = await api()
    .get(`/webhook-endpoints/${endpointId}/deliveries${query}`)
    .set(session.auth)
    .expect(200);
  return response.body.data as DeliveryView[];
}

/** Polls the deliveries list until the delivery of `eventId` satisfies `done`. */
export function waitForDelivery(
  session: Session,
  endpointId: string,
  eventId: string,
  done: (d: DeliveryView) => boolean,
  timeoutMs = 20_000,
): Promise<DeliveryView> {
  return eventually(
    async () => {
      const found = (await deliveries(session, endpointId, '?limit=100')).find((d) => d.eventId === eventId);
      return found && done(found) ? found : undefined;
    },
    timeoutMs,
    `delivery of ${eventId}`,
  );
}

/** POST /webhook-endpoints/{id}/test; answers the test event's id. */
export async function sendTest(session: Session, endpointId: string): Promise<string> {
  const response = await api().post(`/webhook-endpoints/${endpointId}/test`).set(session.auth).expect(202);
  return response.body.eventId as string;
}

/**
 * Waits until the webhook dispatcher has passed every event about request `uuid` (its cursor is
 * beyond them). The dispatcher creates an event's deliveries, for every endpoint at once, in the
 * transaction that moves its cursor past it: after this, the deliveries those events will ever have
 * exist, so a test proves that none was made for an endpoint by reading the table, without waiting
 * to see whether something arrives.
 */
export function dispatchedPast(uuid: string, timeoutMs = 20_000): Promise<true> {
  return eventually(
    async () => {
      const beyond = await withDb(
        async (db) =>
          (
            await db.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM event e, event_cursor c
                WHERE c.name = 'webhooks' AND e.data->>'uuid' = $1 AND (e.tx_id, e.seq) > (c.tx_id, c.seq)`,
              [uuid],
            )
          ).rows[0].n,
      );
      return beyond === 0 ? true : undefined;
    },
    timeoutMs,
    `the webhook dispatcher to pass the events of ${uuid}`,
  );
}

/** The types of the deliveries made for `endpointId` of the events about request `uuid`. */
export async function deliveryTypes(endpointId: string, uuid: string): Promise<string[]> {
  return withDb(async (db) =>
    (
      await db.query<{ type: string }>(
        `SELECT d.event_type AS type FROM webhook_delivery d
             JOIN event e ON (e.tx_id, e.seq) = (d.event_tx, d.event_seq)
            WHERE d.endpoint_id = $1 AND e.data->>'uuid' = $2 ORDER BY d.event_created_at`,
        [endpointId, uuid],
      )
    ).rows.map((row) => row.type),
  );
}

/**
 * Resolves once the processor has read the process backlog twice since the call: its second reading
 * is sent only after the first one's answer went to the delivery pacer, so the pacer has seen the
 * backlog (read on Redis's MONITOR: an LLEN of the paused list, twice from one connection).
 */
export async function backlogSeenByProcessor(): Promise<void> {
  const redis = new Redis(state().redisUrl);
  const monitor = await redis.monitor(); // a connection of its own
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the processor did not read the backlog')), 20_000);
      const readings = new Map<string, number>();
      monitor.on('monitor', (_time: string, args: string[], source: string) => {
        // (Commands of Bull's scripts show as source 'lua': not a reading of the watcher's.)
        if (source === 'lua' || args[0]?.toLowerCase() !== 'llen' || !String(args[1]).endsWith(':paused'))
          return;
        readings.set(source, (readings.get(source) ?? 0) + 1);
        if (readings.get(source)! >= 2) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  } finally {
    monitor.disconnect();
    redis.disconnect();
  }
}
