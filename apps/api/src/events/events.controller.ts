import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiTag } from '../docs/tags';
import { AuthUser, CurrentUser } from '../auth/auth-user';
import { ApiErrors } from '../docs/api-errors.decorator';
import { EVENT_DATA_MODELS } from './event-envelope.docs';
import { EventPageDto, EventQueryDto } from './event-page.dto';
import { ReadEventsUseCase } from './read-events.use-case';
import { MinimumRole } from '../auth/roles.guard';

@ApiTag('Events and webhooks')
@ApiBearerAuth('bearer')
@ApiExtraModels(...EVENT_DATA_MODELS)
@Controller('events')
export class EventsController {
  constructor(private readonly reads: ReadEventsUseCase) {}

  @MinimumRole('viewer')
  @Get()
  @ApiOperation({
    operationId: 'listEvents',
    summary: 'Read the event log',
    description:
      'Every change the service makes, oldest first, for your clients. Page with `after` = the id of the last ' +
      'event read: each event is delivered exactly once, also while events are being written (an event appears ' +
      'only once every earlier one is readable). Events are kept for 30 days unless the operator sets another ' +
      'retention; an `after` older than that answers 410, an unknown one 400.',
  })
  @ApiOkResponse({
    description: 'The next events, oldest first, and whether more follow',
    type: EventPageDto,
  })
  @ApiErrors(400, 401, 403, 410)
  list(@CurrentUser() user: AuthUser, @Query() query: EventQueryDto): Promise<EventPageDto> {
    return this.reads.execute(user, query);
  }
}
