import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../auth/auth-user';
import { ApiErrors } from '../docs/api-errors.decorator';
import { EventPageDto, EventQueryDto } from './event-page.dto';
import { ReadEventsUseCase } from './read-events.use-case';

@ApiTags('Events')
@ApiBearerAuth('bearer')
@Controller('events')
export class EventsController {
  constructor(private readonly reads: ReadEventsUseCase) {}

  @Get()
  @ApiOperation({
    operationId: 'listEvents',
    summary: 'Read the event log',
    description:
      'Every change the service makes, oldest first, for your clients. Page with `after` = the id of the last ' +
      'event read: each event is delivered exactly once, also while events are being written (an event appears ' +
      'only once every earlier one is readable). Events are kept `EVENTS_RETENTION_DAYS` (30 by default); an ' +
      '`after` older than that answers 410, an unknown one 400.',
  })
  @ApiOkResponse({ type: EventPageDto })
  @ApiErrors(400, 401, 403, 410)
  list(@CurrentUser() user: AuthUser, @Query() query: EventQueryDto): Promise<EventPageDto> {
    return this.reads.execute(user, query);
  }
}
