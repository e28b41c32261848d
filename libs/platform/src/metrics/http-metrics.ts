import { Injectable } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { Histogram } from 'prom-client';
import { MetricsRegistry } from './metrics-registry';
import { UNMATCHED_ROUTE } from './route-label';

/** `http_request_duration_seconds` by method, route pattern (`/candidate-requests/:uuid`) and status. */
@Injectable()
export class HttpMetrics {
  private readonly duration: Histogram<'method' | 'route' | 'status'>;

  constructor(metrics: MetricsRegistry) {
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request received to response sent, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [metrics.registry],
    });
  }

  /**
   * Observes every answered request, Nest routes and plugin routes (Bull Board) alike, except the
   * routes `ignoreRoute` names (e.g. documentation files). A callback hook, not an async one: no
   * promise per request.
   */
  instrument(fastify: FastifyInstance, options: { ignoreRoute?: (route: string) => boolean } = {}): void {
    const ignoreRoute = options.ignoreRoute ?? (() => false);
    fastify.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      if (!ignoreRoute(route))
        this.duration.observe(
          { method: request.method, route, status: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      done();
    });
  }
}
