import { Module } from '@nestjs/common';
import { PdfReportRenderer } from '@app/adapters';
import { GetCandidateReportUseCase } from './get-report.use-case';
import { ReportsController } from './reports.controller';

@Module({
  controllers: [ReportsController],
  // The renderer is a plain class (no Nest decorators, so its spec runs without Nest).
  providers: [GetCandidateReportUseCase, { provide: PdfReportRenderer, useValue: new PdfReportRenderer() }],
})
export class ReportsModule {}
