import { Module } from '@nestjs/common';
import { QueueModule } from '@app/platform';
import { OutboxSweeperService } from './outbox-sweeper.service';

/** The outbox sweeper: publishes what was left behind, for every queue of the contract. */
@Module({
  imports: [QueueModule.register()],
  providers: [OutboxSweeperService],
})
export class OutboxWorkerModule {}
