import { Module } from '@nestjs/common';
import { OutboxModule } from '@app/application';
import { OutboxSweeperService } from './outbox-sweeper.service';

/** The outbox sweeper: publishes what was left behind, for every queue of the contract. */
@Module({
  imports: [OutboxModule.register()],
  providers: [OutboxSweeperService],
})
export class OutboxWorkerModule {}
