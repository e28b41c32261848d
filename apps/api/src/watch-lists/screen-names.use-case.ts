import { randomUUID } from 'node:crypto';
import {
  birthDateViolations,
  MAX_MATCHES_SHOWN,
  calendarDateIn,
  clientIdViolations,
  resolveClientId,
  screeningSources,
  shownMatches,
  subjectOfScreening,
} from '@app/domain';
import { ActiveWatchLists } from '@app/application';
import { SqlExecutor, WatchListScreeningRepository } from '@app/persistence';
import { AppConfig } from '@app/platform';
import { DataSource } from 'typeorm';
import { AuthUser } from '../auth/auth-user';
import { IdempotentCommands } from '../common/idempotency';
import { invalidRequest } from '../common/validation';
import { ListScreeningBodyDto, ListScreeningResultDto } from './dto/watch-lists.dto';

/**
 * `POST /watch-lists/screenings` (CONTRACT 10.4): the same matcher as the list processes, against
 * the active versions, without a registration; one charge, stored with the answer in one statement
 * (in the Idempotency-Key's transaction when there is one). The screened name is never stored or logged.
 */
export class ScreenNamesUseCase {
  constructor(
    private readonly lists: ActiveWatchLists,
    private readonly screenings: WatchListScreeningRepository,
    private readonly commands: IdempotentCommands,
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  async execute(
    user: AuthUser,
    body: ListScreeningBodyDto,
    idempotencyKey?: string,
  ): Promise<ListScreeningResultDto> {
    const today = calendarDateIn(this.config.serviceTimezone, new Date());
    const clientId = typeof body.clientId === 'string' ? body.clientId : undefined;
    const violations = [...birthDateViolations(body, today), ...clientIdViolations(user.clients, clientId)];
    if (violations.length > 0) throw invalidRequest(violations);
    const client = resolveClientId(user.clients, user.client, clientId);
    const sources = screeningSources(body);

    // Screen before the transaction opens: the matcher works in memory and holds no connection.
    const screening = await this.lists.screen(subjectOfScreening(body), sources, {
      limit: MAX_MATCHES_SHOWN,
      raw: false,
    });
    const result: ListScreeningResultDto = {
      screeningId: randomUUID(),
      listsChecked: screening.listsChecked,
      matches: shownMatches(screening.hits),
      charged: true,
    };
    const write = async (executor: SqlExecutor): Promise<ListScreeningResultDto> => {
      await this.screenings.insertScreening(executor, {
        id: result.screeningId,
        clientId: client,
        userId: user.userId,
        sources,
        listsChecked: screening.listsChecked,
        matches: result.matches as ReturnType<typeof shownMatches>,
      });
      return result;
    };
    if (idempotencyKey === undefined) return write(this.dataSource);
    const { result: kept } = await this.commands.run(
      { userId: user.userId, operation: 'screenWatchLists', key: idempotencyKey, request: body },
      write,
    );
    return kept;
  }
}
