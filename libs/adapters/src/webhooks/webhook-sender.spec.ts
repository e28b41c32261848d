// Barrels that load Nest (ESM-only, see docs/architecture.md) give way to the plain modules used.
jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
jest.mock('@app/platform', () => ({
  APP_CONFIG: Symbol('APP_CONFIG'),
  ...jest.requireActual('@app/platform/webhooks/address-guard'),
}));
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SendResult } from '@app/domain';
import { testConfig } from '@app/platform/config/app-config.fixture';
import { HttpWebhookSender, MAX_CONNECTIONS } from './webhook-sender';

const TIMEOUT_MS = 10_000;

/** A real receiver on a free port that holds every request until the test answers it. */
async function holdingReceiver() {
  const held: http.ServerResponse[] = [];
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => held.push(response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    held,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Real I/O, fake clock: wait (on I/O, never on time) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

describe('HttpWebhookSender: the receiver has WEBHOOKS_TIMEOUT_MS from when the request has its connection', () => {
  let receiver: Awaited<ReturnType<typeof holdingReceiver>>;
  let sender: HttpWebhookSender;

  beforeEach(async () => {
    receiver = await holdingReceiver();
    // Only the timers of the sender are faked: sockets, ticks and immediates run for real.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    sender = new HttpWebhookSender(
      testConfig({ webhooks: { timeoutMs: TIMEOUT_MS, allowPrivateUrls: true } }),
    );
  });
  afterEach(async () => {
    jest.useRealTimers();
    sender.onApplicationShutdown();
    await receiver.close();
  });

  /** `count` POSTs at once; answers each one's result when it settles. */
  function postMany(count: number) {
    const results: Array<SendResult | undefined> = Array.from({ length: count });
    for (let i = 0; i < count; i++)
      void sender.post(receiver.url, `{"n":${i}}`, { 'content-type': 'application/json' }).then((result) => {
        results[i] = result;
      });
    return results;
  }

  it('answers a request that waited for a connection, when the receiver then answers in time', async () => {
    const results = postMany(MAX_CONNECTIONS + 1);
    await until(() => receiver.held.length === MAX_CONNECTIONS);
    // The last request has no connection yet; almost the whole limit passes while it waits.
    jest.advanceTimersByTime(TIMEOUT_MS - 1);
    for (const response of receiver.held.splice(0)) response.end('ok');
    await until(() => receiver.held.length === 1);
    // Its receiver answers just within the limit counted from its connection: well past the limit
    // counted from the request.
    jest.advanceTimersByTime(TIMEOUT_MS - 1);
    receiver.held[0].end('ok');
    await until(() => results.every((result) => result !== undefined));
    expect(results.filter((result) => result?.error === null && result.httpStatus === 200)).toHaveLength(
      MAX_CONNECTIONS + 1,
    );
  });

  it('says an attempt that got no connection within the limit was not sent, and one that got no answer was', async () => {
    const results = postMany(MAX_CONNECTIONS + 1);
    await until(() => receiver.held.length === MAX_CONNECTIONS);
    jest.advanceTimersByTime(TIMEOUT_MS);
    await until(() => results.every((result) => result !== undefined));
    const origin = new URL(receiver.url).origin;
    expect(results.filter((result) => result?.error === `No answer within ${TIMEOUT_MS} ms`)).toHaveLength(
      MAX_CONNECTIONS,
    );
    expect(results[MAX_CONNECTIONS]).toEqual({
      httpStatus: null,
      error: `Not sent: no free connection to ${origin} within ${TIMEOUT_MS} ms (all ${MAX_CONNECTIONS} were waiting for its answers)`,
    });
  });

  it('still fails an attempt whose receiver never answers, the limit counted from its connection', async () => {
    const results = postMany(1);
    const result = () => results[0];
    await until(() => receiver.held.length === 1);
    jest.advanceTimersByTime(TIMEOUT_MS - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(result()).toBeUndefined();
    jest.advanceTimersByTime(1);
    await until(() => result() !== undefined);
    expect(result()).toEqual({ httpStatus: null, error: `No answer within ${TIMEOUT_MS} ms` });
  });
});
