import { Global, Injectable, Module } from '@nestjs/common';

/**
 * Whether this process has begun its graceful shutdown. Set by the signal handler before anything
 * closes, so /health/ready can turn 503 while requests already accepted are still being served.
 */
@Injectable()
export class ShutdownState {
  private drainingSince?: Date;

  get isDraining(): boolean {
    return this.drainingSince !== undefined;
  }

  beginDraining(at = new Date()): void {
    this.drainingSince ??= at;
  }
}

@Global()
@Module({ providers: [ShutdownState], exports: [ShutdownState] })
export class ShutdownStateModule {}
