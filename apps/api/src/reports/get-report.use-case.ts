import { blockedRequestRefusal, buildCandidateReport, NotFoundError, ReportRenderer } from '@app/domain';
import { CandidateReportRepository } from '@app/persistence';
import { AppConfig } from '@app/platform';
import { AuthUser } from '../auth/auth-user';
import { isUuid } from '../screening/read-requests.use-case';

export interface RenderedReport {
  fileName: string;
  pdf: Buffer;
}

/**
 * docs/behaviour.md: the printable report of a candidate request at any stage, generated on request.
 * Unlike the overview's kept quirk, an unknown or another client's request is a real 404.
 */
export class GetCandidateReportUseCase {
  constructor(
    private readonly reports: CandidateReportRepository,
    private readonly renderer: ReportRenderer,
    private readonly config: AppConfig,
  ) {}

  async execute(user: AuthUser, requestId: string): Promise<RenderedReport> {
    const input = isUuid(requestId) ? await this.reports.findReportInput(requestId, user.clients) : null;
    if (!input) throw new NotFoundError('Candidate request not found.');
    if (input.blocked) throw blockedRequestRefusal();
    const report = buildCandidateReport(input, {
      timeZone: this.config.serviceTimezone,
      generatedAt: new Date(),
    });
    return { fileName: `candidate-request-${input.requestId}.pdf`, pdf: await this.renderer.render(report) };
  }
}
