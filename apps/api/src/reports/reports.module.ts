import { Module } from '@nestjs/common';
import { CandidateReportRepository } from '@app/persistence';
import { APP_CONFIG, provideUseCase } from '@app/platform';
import { GetCandidateReportUseCase } from './get-report.use-case';
import { PdfReportRenderer } from './pdf-report.renderer';
import { ReportsController } from './reports.controller';

@Module({
  controllers: [ReportsController],
  // The renderer is a plain class (no Nest decorators, so its spec runs without Nest).
  providers: [
    provideUseCase(GetCandidateReportUseCase, [CandidateReportRepository, PdfReportRenderer, APP_CONFIG]),
    { provide: PdfReportRenderer, useValue: new PdfReportRenderer() },
  ],
})
export class ReportsModule {}
