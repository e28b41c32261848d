import { Module } from '@nestjs/common';
import { PdfReportRenderer } from '@app/adapters';
import { ReportRenderer } from '@app/domain';
import { CandidateReportRepository } from '@app/persistence';
import { APP_CONFIG, provideUseCase } from '@app/platform';
import { GetCandidateReportUseCase } from './get-report.use-case';
import { ReportsController } from './reports.controller';

@Module({
  controllers: [ReportsController],
  // The ReportRenderer port, bound to the PDF adapter (a plain class: no Nest decorators, so its
  // spec runs without Nest).
  providers: [
    provideUseCase(GetCandidateReportUseCase, [CandidateReportRepository, ReportRenderer, APP_CONFIG]),
    { provide: ReportRenderer, useValue: new PdfReportRenderer() },
  ],
})
export class ReportsModule {}
