import type { CandidateReport } from './candidate-report';

/**
 * The port that turns a candidate report into a printable document (docs/behaviour.md). Every word is
 * the domain's CandidateReport; the adapter (libs/adapters/src/reports: PDF with pdfkit today)
 * only places it. The api injects `ReportRenderer` and never knows which.
 */
export abstract class ReportRenderer {
  /** The document's bytes (a PDF for the report endpoint). */
  abstract render(report: CandidateReport): Promise<Buffer>;
}
