import { MONITORING_QUEUE, MonitoringJob } from '@app/platform/queue/queue.contract';
// By path, not the barrels: the import CLI loads this without Nest.
import { MonitorActivationRepository } from '@app/persistence/repositories/monitor-activation.repository';
import type { DataSource } from 'typeorm';
import { outboxJob } from '../outbox/outbox-jobs';
import type { ActivationHook } from '../watch-lists/import-watch-list';

/**
 * docs/monitoring.md: an activated version is compared with the monitors as a durable piece of work. The
 * activation's own transaction writes the `monitor_activation` row and the outbox job that starts
 * it, so a crash between the activation and the alerts loses nothing (the processor's sweep
 * finishes any activation still pending), and the work never exists for a version that did not
 * become active.
 */
export function recordMonitorActivation(dataSource: DataSource): ActivationHook {
  const activations = new MonitorActivationRepository(dataSource);
  return async (tx, versionId, previous) => {
    await activations.record(tx, versionId, previous?.id ?? null, (activationId) =>
      outboxJob(MONITORING_QUEUE, MonitoringJob.Activation, { activationId }),
    );
  };
}
