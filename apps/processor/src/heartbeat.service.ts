import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { HEARTBEAT_EVERY_MS, PeriodicTask, ProcessorHeartbeat } from '@app/platform';

/**
 * Tells the api's /health that this processor instance is alive. Each instance has an id of its
 * own, so several processors are counted apart and a dead one drops out without hiding the others.
 */
@Injectable()
export class HeartbeatService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(HeartbeatService.name);
  /** Host and pid say where to look; the random part keeps a restarted pid 1 (containers) apart. */
  readonly instanceId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  /** One warning per outage, not one a second (PeriodicTask's RepeatingFailure). */
  private readonly task = new PeriodicTask({
    name: 'Heartbeat',
    everyMs: HEARTBEAT_EVERY_MS,
    runAtStart: true,
    logger: this.logger,
    run: () => this.heartbeat.beat(this.instanceId),
  });

  constructor(private readonly heartbeat: ProcessorHeartbeat) {}

  onApplicationBootstrap(): void {
    void this.task.start();
  }

  /** Leaves as soon as shutdown starts: a draining processor takes no new work. */
  async beforeApplicationShutdown(): Promise<void> {
    this.task.stop();
    await this.heartbeat
      .leave(this.instanceId)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Could not leave the heartbeat set'));
  }
}
