import { DynamicModule, Module, Type } from '@nestjs/common';
import { QueueModule } from '../queue/queue.module';
import { HttpMetrics } from './http-metrics';
import { METRICS_ENDPOINT, MetricsEndpoint, MetricsServer } from './metrics-server';
import { MetricsRegistry } from './metrics-registry';
import { OutageRetry } from '../runtime/outage-retry';
import { OutageWatch } from './outage-watch';
import { ProcessJobMetrics } from './process-job-metrics';
import { QueueMetrics } from './queue-metrics';
import { WebhookMetrics } from './webhook-metrics';

/**
 * Prometheus metrics of one app: its registry, its /metrics server and the collectors it serves.
 * The shared state (queue and outbox gauges) is served by both apps, so it stays visible whichever
 * is down; alert on `max()` of them. Collectors that read the database (the outbox's age) live in
 * libs/application and are passed in by the app: the platform does not know persistence.
 */
@Module({})
export class MetricsModule {
  static forApi(appCollectors: Array<Type<unknown>> = []): DynamicModule {
    return MetricsModule.register({ port: (c) => c.metrics.apiPort, variable: 'METRICS_PORT' }, [
      HttpMetrics,
      QueueMetrics,
      ...appCollectors,
    ]);
  }

  static forProcessor(appCollectors: Array<Type<unknown>> = []): DynamicModule {
    return MetricsModule.register(
      { port: (c) => c.metrics.processorPort, variable: 'PROCESSOR_METRICS_PORT' },
      [ProcessJobMetrics, WebhookMetrics, QueueMetrics, OutageWatch, OutageRetry, ...appCollectors],
    );
  }

  private static register(endpoint: MetricsEndpoint, collectors: Array<Type<unknown>>): DynamicModule {
    return {
      module: MetricsModule,
      global: true,
      imports: [QueueModule.register()],
      providers: [
        MetricsRegistry,
        { provide: METRICS_ENDPOINT, useValue: endpoint },
        MetricsServer,
        ...collectors,
      ],
      exports: [MetricsRegistry, ...collectors],
    };
  }
}
