import { eventClients, eventQueryOf, EventQuery, GoneError, validateEventQuery } from '@app/domain';
import { EventPosition, EventRepository, parseEventId } from '@app/persistence';
import { AuthUser } from '../auth/auth-user';
import { invalidRequest } from '../common/validation';
import { EventPageDto } from './event-page.dto';

/** docs/integrators.md: the caller's events, oldest first, after a cursor no concurrent write can pass. */
export class ReadEventsUseCase {
  constructor(private readonly events: EventRepository) {}

  async execute(user: AuthUser, query: EventQuery): Promise<EventPageDto> {
    const violations = validateEventQuery(query);
    if (violations.length > 0) throw invalidRequest(violations);
    const clients = eventClients(user.clients, query.clientId);
    const after = query.after === undefined ? null : await this.cursor(clients, query.after);
    const { limit, types } = eventQueryOf(query);
    const page = await this.events.page(clients, { after, types, limit });
    return { data: page.events, hasMore: page.hasMore };
  }

  private async cursor(clients: string[], after: string): Promise<EventPosition> {
    const position = parseEventId(after);
    const found = position ? await this.events.locate(clients, position) : 'unknown';
    if (found === 'expired')
      throw new GoneError(
        'The event named by after is older than the events kept: start again without after.',
      );
    if (found === 'unknown' || !position)
      throw invalidRequest([{ field: 'after', message: 'after is not the id of one of your events.' }]);
    return position;
  }
}
