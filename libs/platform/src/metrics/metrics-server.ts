import { createServer, Server } from 'node:http';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MetricsRegistry } from './metrics-registry';

/** Which configured port an app serves its metrics on, and the variable that sets it (for messages). */
export interface MetricsEndpoint {
  port: (config: AppConfig) => number;
  variable: string;
}
export const METRICS_ENDPOINT = Symbol('METRICS_ENDPOINT');

export const METRICS_PATH = '/metrics';

/**
 * `GET /metrics` on a small `node:http` server of its own: scraping never competes with, nor is
 * exposed on, the public api port. Bound to METRICS_HOST (loopback unless told otherwise: the
 * numbers describe the system to whoever can read them); port 0 turns it off. A port already taken
 * stops the boot, like the api's own port would.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsServer.name);
  private server?: Server;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(METRICS_ENDPOINT) private readonly endpoint: MetricsEndpoint,
    private readonly metrics: MetricsRegistry,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.endpoint.port(this.config);
    const { host } = this.config.metrics;
    if (port === 0) return;
    const server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
        response.writeHead(404).end();
        return;
      }
      this.metrics.registry.metrics().then(
        (text) => response.writeHead(200, { 'Content-Type': this.metrics.registry.contentType }).end(text),
        (error: unknown) => {
          this.logger.warn({ err: error }, 'Could not collect metrics');
          response.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          new Error(
            `Metrics server cannot listen on port ${port} (${this.endpoint.variable}): ${error.code}`,
          ),
        ),
      );
      server.listen(port, host, resolve);
    });
    this.server = server;
    this.logger.log(`Metrics at http://${host.includes(':') ? `[${host}]` : host}:${port}${METRICS_PATH}`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
