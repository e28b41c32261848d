import { Client } from 'pg';
import { WATCH_LIST_CHANNEL } from './watch-list.repository';

/**
 * Tells its owner when a watch-list version was activated: a connection of its own LISTENs on the
 * channel the activation NOTIFYs at commit. A lost connection is opened again after a pause, and
 * the owner is told then too (it may have missed an activation while away). Stopping is final.
 */
export class WatchListActivations {
  private client: Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly onChange: () => void,
    private readonly retryMs = 2000,
  ) {}

  async start(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({
      connectionString: this.databaseUrl,
      application_name: 'watch-list-listener',
    });
    client.on('notification', () => this.onChange());
    client.on('error', () => this.reconnect(client));
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${WATCH_LIST_CHANNEL}`);
      this.client = client;
    } catch {
      this.reconnect(client);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private reconnect(client: Client): void {
    if (this.stopped || this.retry || (this.client !== null && this.client !== client)) return;
    this.client = null;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.start().then(() => {
        if (this.client) this.onChange();
      });
    }, this.retryMs);
    this.retry.unref();
  }
}
