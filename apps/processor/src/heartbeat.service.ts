import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ProcessorHeartbeat } from '@app/platform';

/** Tells the api's /health that a processor is alive. */
@Injectable()
export class HeartbeatService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(HeartbeatService.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly heartbeat: ProcessorHeartbeat) {}

  onApplicationBootstrap(): void {
    const beat = () =>
      this.heartbeat.beat().catch((error: unknown) => this.logger.warn({ err: error }, 'Heartbeat failed'));
    void beat();
    this.timer = setInterval(beat, 5_000);
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
