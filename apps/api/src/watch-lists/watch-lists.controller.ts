import { Body, Controller, Get, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiHeader, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../auth/auth-user';
import { validateIdempotencyKey } from '../common/idempotency';
import { ApiErrors } from '../docs/api-errors.decorator';
import { ApiTag } from '../docs/tags';
import { ListScreeningBodyDto, ListScreeningResultDto, WatchListsDto } from './dto/watch-lists.dto';
import { ListWatchListsUseCase } from './list-watch-lists.use-case';
import { ScreenNamesUseCase } from './screen-names.use-case';
import { WATCH_LIST_EXAMPLES } from './watch-lists.examples';
import { MinimumRole } from '../auth/roles.guard';
import { Audited, byAnswer } from '../audit/audited';

@ApiTag('Watch lists')
@ApiBearerAuth('bearer')
@Controller('watch-lists')
export class WatchListsController {
  constructor(
    private readonly list: ListWatchListsUseCase,
    private readonly screen: ScreenNamesUseCase,
  ) {}

  @MinimumRole('viewer')
  @Get()
  @ApiOperation({
    operationId: 'listWatchLists',
    summary: 'The official lists and the version each answers from',
    description:
      'The SAT lists (article 69-B and article 69), OFAC SDN, the UN Security Council consolidated list and the PEP list, ' +
      "each with the version that screenings read now (null until one is imported). Operators import new versions from the publishers' files; " +
      "a version that does not read as its publisher's format, or that lost more than a fifth of the entries, is refused and the active one stays.",
  })
  @ApiOkResponse({ type: WatchListsDto, description: 'Every list, in a fixed order' })
  @ApiErrors(401)
  async lists(): Promise<WatchListsDto> {
    return this.list.execute();
  }

  @MinimumRole('analyst')
  @Audited('watch_list_screening', byAnswer((a) => a.screeningId))
  @Post('screenings')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'screenWatchLists',
    summary: 'Screen a name against the official lists (billed)',
    description:
      'A person (`name` + `lastName`, `secondLastName`, `birthDate`, `nationality` when known), a company (`businessName`), or an `rfc` / `curp` alone, ' +
      'compared with the active version of every list (or of `sources`) by the same matcher as the screening processes: an exact RFC or CURP is a `match` with score 1; ' +
      'otherwise names are compared part by part (given names, both surnames) with the qualifiers that both sides give. `match` from 0.90, `possible_match` from 0.75; ' +
      'each match lists the features that explain its score. Every screening is billed once (`watchListScreenings` in `GET /usage`), with or without matches.',
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Optional, 1..255 characters: a retried screening with the same key and body within 24 hours answers the same result and is charged once.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  })
  @ApiBody({ type: ListScreeningBodyDto, examples: WATCH_LIST_EXAMPLES })
  @ApiOkResponse({ type: ListScreeningResultDto, description: 'The lists read and what matched in them' })
  @ApiErrors(400, 401, 403, 413, 422, { body: 'json', names: true })
  async screenings(
    @CurrentUser() user: AuthUser,
    @Body() body: ListScreeningBodyDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ): Promise<ListScreeningResultDto> {
    return this.screen.execute(user, body, validateIdempotencyKey(idempotencyKey));
  }
}
