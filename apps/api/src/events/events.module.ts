import { Module } from '@nestjs/common';
import { EventsController } from './events.controller';
import { ReadEventsUseCase } from './read-events.use-case';

@Module({ controllers: [EventsController], providers: [ReadEventsUseCase] })
export class EventsModule {}
