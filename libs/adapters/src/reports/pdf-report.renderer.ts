import type PDFKitDocument from 'pdfkit';
import {
  type Badge,
  type BadgeTone,
  type CandidateReport,
  pageLabel,
  ReportRenderer,
  type ReportSection,
} from '@app/domain';

/** The colour of each badge tone: red for the most severe risk ... green for approved, grey while pending. */
const TONE_COLOUR: Record<BadgeTone, { fill: string; text: string }> = {
  danger: { fill: '#C62828', text: '#FFFFFF' },
  warning: { fill: '#EF6C00', text: '#FFFFFF' },
  caution: { fill: '#F9A825', text: '#212121' },
  success: { fill: '#2E7D32', text: '#FFFFFF' },
  neutral: { fill: '#9E9E9E', text: '#FFFFFF' },
  unavailable: { fill: '#546E7A', text: '#FFFFFF' },
};

const INK = '#212121';
const MUTED = '#616161';
const RULE = '#BDBDBD';
const MARGIN = 54;
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';

let pdfKit: Promise<typeof PDFKitDocument> | undefined;
/**
 * pdfkit is loaded with the first report, not with the module: the barrel of adapters brings this
 * file into the processor too, which never renders one, and pdfkit with its font tables costs a
 * process 23 MB of memory.
 */
function loadPdfKit(): Promise<typeof PDFKitDocument> {
  return (pdfKit ??= import('pdfkit').then((module) => module.default));
}

/**
 * The domain's ReportRenderer port: lays a candidate report out as a printable PDF (US Letter, as Mexican offices print) with pdfkit:
 * no browser, tens of milliseconds. Every word comes from the domain's CandidateReport; this class
 * only places it. The standard Helvetica with WinAnsi encoding covers the Spanish letters and
 * signs (á é í ó ú ñ ü ¿ ¡). The creation date (and with it the file ID pdfkit derives from the
 * metadata) is the report's `documentDate`, so the same data gives the same file but for the
 * generated-at line.
 */
export class PdfReportRenderer implements ReportRenderer {
  async render(report: CandidateReport): Promise<Buffer> {
    const PDFDocument = await loadPdfKit();
    const doc = new PDFDocument({
      size: 'LETTER',
      margins: { top: MARGIN, bottom: MARGIN + 18, left: MARGIN, right: MARGIN },
      bufferPages: true,
      lang: 'es-MX',
      info: {
        Title: report.metadata.title,
        Subject: report.metadata.subject,
        Creator: 'Candidate Screening API',
        CreationDate: report.documentDate,
      },
    });
    const done = collect(doc);
    this.header(doc, report);
    this.overall(doc, report);
    doc.moveDown(1.2).font(BOLD).fontSize(13).fillColor(INK).text(report.sectionsTitle, MARGIN);
    doc.moveDown(0.4);
    for (const section of report.sections) this.section(doc, section);
    this.pageFurniture(doc, report);
    doc.end();
    return done;
  }

  private get width(): number {
    return 612 - 2 * MARGIN;
  }

  private header(doc: PDFKit.PDFDocument, report: CandidateReport): void {
    doc.font(BOLD).fontSize(18).fillColor(INK).text(report.title, MARGIN, MARGIN);
    doc.font(REGULAR).fontSize(9).fillColor(MUTED).text(report.reference);
    rule(doc, doc.y + 8);
    const column = this.width / 2;
    const rows = Math.ceil(report.fields.length / 2);
    let y = doc.y + 18;
    for (let row = 0; row < rows; row++) {
      // Two fields side by side; a long value wraps and the row grows with it.
      const pair = [report.fields[row], report.fields[row + rows]].filter((field) => field !== undefined);
      doc.font(BOLD).fontSize(10.5);
      const height = Math.max(
        ...pair.map((field) => doc.heightOfString(field.value, { width: column - 12 })),
      );
      pair.forEach((field, i) => {
        const x = MARGIN + i * column;
        doc
          .font(REGULAR)
          .fontSize(8)
          .fillColor(MUTED)
          .text(field.label, x, y, { width: column - 12 });
        doc
          .font(BOLD)
          .fontSize(10.5)
          .fillColor(INK)
          .text(field.value, x, y + 10, { width: column - 12 });
      });
      y += 10 + height + 8;
    }
    doc.x = MARGIN;
    doc.y = y;
  }

  private overall(doc: PDFKit.PDFDocument, report: CandidateReport): void {
    const top = doc.y + 8;
    doc.rect(MARGIN, top, this.width, 62).fill('#F5F5F5');
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(MUTED)
      .text('Estado general', MARGIN + 12, top + 10);
    doc
      .font(BOLD)
      .fontSize(12)
      .fillColor(INK)
      .text(report.overall.status, MARGIN + 12, top + 21);
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(MUTED)
      .text('Resultado general', MARGIN + 200, top + 10);
    badge(doc, report.overall.result, MARGIN + 200, top + 20, 12);
    doc
      .font(REGULAR)
      .fontSize(9)
      .fillColor(MUTED)
      .text(report.overall.progress, MARGIN + 12, top + 43, { width: this.width - 24 });
    doc.x = MARGIN;
    doc.y = top + 62;
  }

  private section(doc: PDFKit.PDFDocument, section: ReportSection): void {
    const text = section.sentences.join(' ');
    doc.font(REGULAR).fontSize(10);
    const height = 44 + doc.heightOfString(text, { width: this.width - 12 });
    // A section starts on the next page rather than leave its title alone at the bottom of this one.
    if (doc.y + Math.min(height, 120) > doc.page.maxY()) doc.addPage();
    const top = doc.y + 6;
    doc.rect(MARGIN, top, 4, height - 10).fill(TONE_COLOUR[section.badge.tone].fill);
    doc
      .font(BOLD)
      .fontSize(12)
      .fillColor(INK)
      .text(section.title, MARGIN + 12, top);
    badge(doc, section.badge, MARGIN + this.width - badgeWidth(doc, section.badge, 9), top - 1, 9);
    const facts = section.facts.map((fact) => `${fact.label}: ${fact.value}`).join('   ·   ');
    doc
      .font(REGULAR)
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(facts, MARGIN + 12, top + 17);
    doc
      .font(REGULAR)
      .fontSize(10)
      .fillColor(INK)
      .text(text, MARGIN + 12, top + 31, { width: this.width - 12 });
    doc.x = MARGIN;
    doc.y += 10;
  }

  /** Running header (from page 2), generated-at line and "Página n de N" on every page. */
  private pageFurniture(doc: PDFKit.PDFDocument, report: CandidateReport): void {
    const { start, count } = doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      doc.switchToPage(i);
      // Writing into the bottom margin must not open a new page.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - MARGIN + 8;
      rule(doc, y - 6);
      doc.font(REGULAR).fontSize(8).fillColor(MUTED);
      doc.text(report.generatedAt, MARGIN, y, { lineBreak: false });
      const label = pageLabel(i - start + 1, count);
      doc.text(label, MARGIN + this.width - doc.widthOfString(label), y, { lineBreak: false });
      if (i > start)
        doc.text(`${report.title} · ${report.reference}`, MARGIN, MARGIN - 24, { lineBreak: false });
      doc.page.margins.bottom = bottom;
    }
  }
}

function badgeWidth(doc: PDFKit.PDFDocument, b: Badge, size: number): number {
  return doc.font(BOLD).fontSize(size).widthOfString(b.label) + size * 1.4;
}

/** A rounded, filled label in the tone's colour. */
function badge(doc: PDFKit.PDFDocument, b: Badge, x: number, y: number, size: number): void {
  const width = badgeWidth(doc, b, size);
  const height = size * 1.7;
  const colour = TONE_COLOUR[b.tone];
  doc.roundedRect(x, y, width, height, height / 2).fill(colour.fill);
  doc
    .font(BOLD)
    .fontSize(size)
    .fillColor(colour.text)
    .text(b.label, x, y + size * 0.42, { width, align: 'center', lineBreak: false });
}

function rule(doc: PDFKit.PDFDocument, y: number): void {
  doc
    .moveTo(MARGIN, y)
    .lineTo(612 - MARGIN, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
