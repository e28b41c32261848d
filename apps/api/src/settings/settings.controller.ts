import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { Audited } from '../audit/audited';
import { AuthUser, CurrentUser } from '../auth/auth-user';
import { MinimumRole } from '../auth/roles.guard';
import { ApiErrors } from '../docs/api-errors.decorator';
import { ApiTag } from '../docs/tags';
import {
  RetentionClientQueryDto,
  RetentionSettingsDto,
  UpdateRetentionSettingsDto,
} from './dto/retention-settings.dto';
import { RetentionSettingsUseCase } from './retention-settings.use-case';

const HOW_RETENTION_WORKS =
  'A candidate request is blocked `activeDays` after its last process finished (never while a monitor on it is active), a legal-records search `activeDays` after its creation: from then on its reads answer 410 and it leaves the lists. `blockedDays` later its personal data is erased (suppressed) and it reads as unknown. Events `candidate_request.blocked` and `candidate_request.suppressed` say when. Both happen within a minute of being due.';

/** A client's retention of personal data (docs/privacy.md, "Retention: blocking, then suppression"). */
@ApiTag('Privacy')
@ApiBearerAuth('bearer')
@Controller('settings')
export class SettingsController {
  constructor(private readonly retention: RetentionSettingsUseCase) {}

  @MinimumRole('viewer')
  @Audited('retention_settings')
  @Get('retention')
  @ApiOperation({
    operationId: 'getRetentionSettings',
    summary: "The client's retention of personal data",
    description: `${HOW_RETENTION_WORKS} Defaults: 365 and 730 days.`,
  })
  @ApiOkResponse({ description: "The client's retention settings", type: RetentionSettingsDto })
  @ApiErrors(400, 401, 403)
  read(
    @CurrentUser() user: AuthUser,
    @Query() query: RetentionClientQueryDto,
  ): Promise<RetentionSettingsDto> {
    return this.retention.read(user, query.clientId);
  }

  @MinimumRole('admin')
  @Audited('retention_settings')
  @Put('retention')
  @ApiOperation({
    operationId: 'updateRetentionSettings',
    summary: "Change the client's retention of personal data",
    description: `${HOW_RETENTION_WORKS} A field left out keeps its value; at least one is needed. A change applies to the client's existing requests and searches at the next sweep: shortening \`activeDays\` may block many at once.`,
  })
  @ApiBody({
    type: UpdateRetentionSettingsDto,
    examples: {
      both: {
        summary: 'Six months readable, one year blocked',
        value: { activeDays: 180, blockedDays: 365 },
      },
      eraseAtOnce: { summary: 'Erase as soon as blocked', value: { blockedDays: 0 } },
    },
  })
  @ApiOkResponse({
    description: "The client's retention settings after the change",
    type: RetentionSettingsDto,
  })
  @ApiErrors(400, 401, 403, { body: 'json' })
  change(
    @CurrentUser() user: AuthUser,
    @Body() body: UpdateRetentionSettingsDto,
    @Query() query: RetentionClientQueryDto,
  ): Promise<RetentionSettingsDto> {
    return this.retention.change(user, body, query.clientId);
  }
}
