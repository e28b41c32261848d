import { randomUUID } from 'node:crypto';
import {
  answeredMatches,
  birthDateViolations,
  keptMatches,
  type ListMatch,
  MAX_MATCHES_SHOWN,
  calendarDateIn,
  clientIdViolations,
  resolveClientId,
  screeningSources,
  shownMatches,
  subjectOfScreening,
} from '@app/domain';
import { ActiveWatchLists } from '@app/application';
import { WatchListScreeningRepository } from '@app/persistence';
import { AppConfig } from '@app/platform';
import { AuthUser } from '../auth/auth-user';
import { IdempotentCommands } from '../common/idempotency';
import { invalidRequest } from '../common/validation';
import { ListScreeningResultDto } from './dto/watch-lists.dto';

/** Who to screen against which lists (every one without `sources`), for which client. */
export interface ScreenNamesCommand {
  name?: string;
  lastName?: string;
  secondLastName?: string;
  businessName?: string;
  rfc?: string;
  curp?: string;
  birthDate?: string;
  nationality?: string;
  sources?: string[];
  clientId?: string;
}

/**
 * `POST /watch-lists/screenings` (docs/watch-lists.md): the same matcher as the list processes, against
 * the active versions, without a registration; one charge, stored with the answer in one statement,
 * with the Idempotency-Key's claim (and the answer it keeps) when there is one, as a registration
 * is; the repository may group it with others arriving together. The screened name is never stored
 * or logged.
 */
export class ScreenNamesUseCase {
  constructor(
    private readonly lists: ActiveWatchLists,
    private readonly screenings: WatchListScreeningRepository,
    private readonly commands: IdempotentCommands,
    private readonly config: AppConfig,
  ) {}

  async execute(
    user: AuthUser,
    body: ScreenNamesCommand,
    idempotencyKey?: string,
  ): Promise<ListScreeningResultDto> {
    const today = calendarDateIn(this.config.serviceTimezone, new Date());
    const clientId = typeof body.clientId === 'string' ? body.clientId : undefined;
    const violations = [...birthDateViolations(body, today), ...clientIdViolations(user.clients, clientId)];
    if (violations.length > 0) throw invalidRequest(violations);
    const client = resolveClientId(user.clients, user.client, clientId);
    const sources = screeningSources(body);

    // Screen before writing: the matcher works in memory and holds no connection.
    const subject = subjectOfScreening(body);
    const screening = await this.lists.screen(subject, sources, { limit: MAX_MATCHES_SHOWN, raw: false });
    const matches = shownMatches(screening.hits, subject);
    // What is kept (the stored screening, the key's answer) holds no value of the name screened;
    // the answer puts the candidate's values back from the body.
    const kept: ListScreeningResultDto = {
      screeningId: randomUUID(),
      listsChecked: screening.listsChecked,
      matches: keptMatches(matches),
      charged: true,
    };
    const stored = {
      id: kept.screeningId,
      clientId: client,
      userId: user.userId,
      sources,
      listsChecked: screening.listsChecked,
      matches: kept.matches as ListMatch[],
    };
    const claim = this.commands.claimOf(
      { userId: user.actor.id, operation: 'screenWatchLists', key: idempotencyKey, request: body },
      kept,
    );
    const written = await this.screenings.writeScreening({ screening: stored, claim });
    if (written.written) return { ...kept, matches };
    // A retry of a key already used answers what the key keeps (or 422 for another body).
    const replayed = this.commands.replay<ListScreeningResultDto>(claim!, written.kept);
    return { ...replayed, matches: answeredMatches(replayed.matches as ListMatch[], subject) };
  }
}
