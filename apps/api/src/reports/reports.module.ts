import { Module } from '@nestjs/common';
import { GetCandidateReportUseCase } from './get-report.use-case';
import { PdfReportRenderer } from './pdf-report.renderer';
import { ReportsController } from './reports.controller';

@Module({
  controllers: [ReportsController],
  // The renderer is a plain class (no Nest decorators, so its spec runs without Nest).
  providers: [GetCandidateReportUseCase, { provide: PdfReportRenderer, useValue: new PdfReportRenderer() }],
})
export class ReportsModule {}
