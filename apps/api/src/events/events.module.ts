import { Module } from '@nestjs/common';
import { EventRepository } from '@app/persistence';
import { provideUseCase } from '@app/platform';
import { EventsController } from './events.controller';
import { ReadEventsUseCase } from './read-events.use-case';

@Module({
  controllers: [EventsController],
  providers: [provideUseCase(ReadEventsUseCase, [EventRepository])],
})
export class EventsModule {}
