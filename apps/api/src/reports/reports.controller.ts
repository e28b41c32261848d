import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiProduces } from '@nestjs/swagger';
import { ApiTag } from '../docs/tags';
import { AuthUser, CurrentUser } from '../auth/auth-user';
import { AnswersWithHeaders, HttpAnswer } from '../common/http-answer';
import { ApiErrors } from '../docs/api-errors.decorator';
import { GetCandidateReportUseCase } from './get-report.use-case';
import { SERVICE_TIME_ZONE } from '../docs/wording';
import { MinimumRole } from '../auth/roles.guard';
import { Audited, byParam } from '../audit/audited';
import { BLOCKED_REQUEST_410 } from '../docs/retention-errors';

@ApiTag('Candidate screening')
@ApiBearerAuth('bearer')
@Controller('candidate-requests')
export class ReportsController {
  constructor(private readonly reports: GetCandidateReportUseCase) {}

  @MinimumRole('viewer')
  @Audited('candidate_request', byParam('uuid'))
  @Get(':uuid/report')
  @AnswersWithHeaders()
  @ApiOperation({
    operationId: 'getCandidateRequestReport',
    summary: 'Printable PDF report of a candidate request',
    description:
      'Generated on request at any stage: client, package, candidate, RFC and CURP masked but for their first four ' +
      'characters, overall status and result, one section per process (status, result as a coloured badge, start ' +
      `and end in ${SERVICE_TIME_ZONE}, the executive summary in Spanish sentences; an unfinished process says what it ` +
      'waits for), page numbers and the generation time. Labels in Spanish. An unknown uuid, or one of another ' +
      'client, is a real **HTTP 404** (unlike the overview). Use the `uuid` that `POST /candidate-requests` answered.',
  })
  @ApiParam({ name: 'uuid', format: 'uuid', description: 'The uuid returned at registration' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({
    description: 'The report as a download (`Content-Disposition: attachment`)',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    headers: {
      'Content-Disposition': {
        description: 'attachment; filename="candidate-request-<uuid>.pdf"',
        schema: { type: 'string' },
      },
    },
  })
  @ApiErrors(401, 404, BLOCKED_REQUEST_410)
  async getCandidateRequestReport(
    @CurrentUser() user: AuthUser,
    @Param('uuid') uuid: string,
  ): Promise<HttpAnswer<Buffer>> {
    const { fileName, pdf } = await this.reports.execute(user, uuid);
    return new HttpAnswer(pdf, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      // Candidate data: no shared cache may keep a copy.
      'Cache-Control': 'no-store',
    });
  }
}
