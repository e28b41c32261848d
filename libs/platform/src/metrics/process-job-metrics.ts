import { Injectable } from '@nestjs/common';
import { Histogram } from 'prom-client';
import { MetricsRegistry } from './metrics-registry';

/** `process_job_duration_seconds` by process name: one observation per process job the processor ran. */
@Injectable()
export class ProcessJobMetrics {
  private readonly duration: Histogram<'process'>;

  constructor(metrics: MetricsRegistry) {
    this.duration = new Histogram({
      name: 'process_job_duration_seconds',
      help: 'Time a process job took in the processor (provider call included), by process name',
      labelNames: ['process'],
      // Provider calls take from milliseconds to several seconds (sandbox latency, retries).
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [metrics.registry],
    });
  }

  observe(processName: string, seconds: number): void {
    this.duration.observe({ process: processName }, seconds);
  }
}
