import type { QueryResultRow } from 'pg';

/** What an OrderedConnection needs of a pooled connection (pg's PoolClient). */
export interface OrderedClient {
  query<R extends QueryResultRow>(config: {
    name?: string;
    text: string;
    values?: unknown[];
  }): Promise<{
    rows: R[];
  }>;
  /** Back to the pool; `true` (after an error) closes it instead. */
  release(destroy?: boolean): void;
}

interface Held {
  client: Promise<OrderedClient>;
  /** Settles when the last statement sent on it has been answered. */
  last: Promise<unknown>;
  /** Statements sent and not yet answered. */
  inFlight: number;
  /** A statement failed on it: it is closed once the others are answered, never shared again. */
  failed: boolean;
  released: boolean;
}

/**
 * Statements sent through it run on ONE pooled connection, in the order they were sent, each
 * handed to the connection as soon as the one before is answered: a statement may be sent before
 * the one it follows has committed, and still runs after it. The connection is taken from the pool
 * by the first statement and given back once none has been in flight for a turn of the event loop;
 * after an error it is closed, and the next statement takes another.
 */
export class OrderedConnection {
  private held: Held | null = null;

  constructor(private readonly connect: () => Promise<OrderedClient>) {}

  /** Runs `text` (prepared under `name`, when given: planned once per connection). */
  async query<R extends QueryResultRow>(text: string, values: unknown[], name?: string): Promise<R[]> {
    const held = (this.held ??= {
      client: this.connect(),
      last: Promise.resolve(),
      inFlight: 0,
      failed: false,
      released: false,
    });
    held.inFlight += 1;
    const before = held.last;
    const answered = held.client.then(async (client) => {
      await before;
      return client.query<R>(name === undefined ? { text, values } : { name, text, values });
    });
    held.last = answered.catch(() => undefined);
    try {
      return (await answered).rows;
    } catch (error) {
      held.failed = true;
      if (this.held === held) this.held = null;
      throw error;
    } finally {
      held.inFlight -= 1;
      if (held.inFlight === 0) setImmediate(() => this.releaseIfIdle(held));
    }
  }

  private releaseIfIdle(held: Held): void {
    if (held.inFlight > 0 || held.released) return;
    if (this.held === held) this.held = null;
    held.released = true;
    held.client.then(
      (client) => client.release(held.failed || undefined),
      () => undefined, // never connected: nothing to give back
    );
  }
}
