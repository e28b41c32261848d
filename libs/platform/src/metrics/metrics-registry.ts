import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The one registry an app's metrics live in, with Node's default metrics (CPU, memory, event loop
 * lag, GC...). One registry per app, not prom-client's global one, so nothing registers by accident.
 */
@Injectable()
export class MetricsRegistry {
  readonly registry = new Registry();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }
}
