import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../auth/auth-user';
import { MinimumRole } from '../auth/roles.guard';
import { ApiErrors } from '../docs/api-errors.decorator';
import { ApiTag } from '../docs/tags';
import { AuditEventPageDto, AuditEventsQueryDto } from './dto/audit-events.dto';
import { ReadAuditEventsUseCase } from './read-audit-events.use-case';

@ApiTag('Accounts')
@ApiBearerAuth('bearer')
@Controller('audit-events')
export class AuditController {
  constructor(private readonly events: ReadAuditEventsUseCase) {}

  @MinimumRole('admin')
  @Get()
  @ApiOperation({
    operationId: 'listAuditEvents',
    summary: "Read the client's audit log",
    description:
      "Who read or changed what, oldest first: every reading or change of a candidate's data (registrations, overviews, details, reports, searches, records, screenings, monitors, alerts), every change of API keys and webhook endpoints, and every sign-in and failed sign-in. Page with `after` = the last `id` read. Events hold no personal data of candidates, only ids. Each `hash` chains the event to the one before it in the whole log (`npm run audit:verify` checks the chain).",
  })
  @ApiOkResponse({ description: 'One page, oldest first', type: AuditEventPageDto })
  @ApiErrors(400, 401, 403)
  list(@CurrentUser() user: AuthUser, @Query() query: AuditEventsQueryDto): Promise<AuditEventPageDto> {
    return this.events.execute(user, query);
  }
}
