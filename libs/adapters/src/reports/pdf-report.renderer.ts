import {
  type Badge,
  type BadgeTone,
  type CandidateReport,
  pageLabel,
  ReportRenderer,
  type ReportSection,
} from '@app/domain';
import { FACES, loadReportAssets } from './report-fonts';

const REGULAR = FACES.regular;
const BOLD = FACES.bold;

/**
 * The colour of each badge tone: red for the most severe risk ... green for approved, grey while
 * pending; `name` is the colour in words, for the legend (a report is often printed in grey).
 */
const TONE_COLOUR: Record<BadgeTone, { fill: string; text: string; name: string }> = {
  danger: { fill: '#C62828', text: '#FFFFFF', name: 'rojo' },
  warning: { fill: '#EF6C00', text: '#FFFFFF', name: 'naranja' },
  caution: { fill: '#F9A825', text: '#212121', name: 'amarillo' },
  success: { fill: '#2E7D32', text: '#FFFFFF', name: 'verde' },
  neutral: { fill: '#9E9E9E', text: '#FFFFFF', name: 'gris' },
  unavailable: { fill: '#546E7A', text: '#FFFFFF', name: 'gris azulado' },
};

const INK = '#212121';
const MUTED = '#616161';
const RULE = '#BDBDBD';
const PRELIMINARY_FILL = '#FFF3E0';
const PRELIMINARY_INK = '#BF360C';
const MARGIN = 54;
/** Room under the content for the footer: a rule, the generated-at line and the confidentiality notice. */
const BOTTOM_MARGIN = 84;

/**
 * The domain's ReportRenderer port: lays a candidate report out as a printable PDF (US Letter, as Mexican offices print) with pdfkit:
 * no browser, about ten milliseconds of CPU. Every word comes from the domain's CandidateReport;
 * this class only places it, in DejaVu Sans embedded (report-fonts.ts): the standard Helvetica
 * printed `Łukasz Nguyễn`, `Zoë Παπαδοπούλου` or `Пётр` as garbage. An unfinished request says
 * PRELIMINAR in its title and in a band on every page; every page carries the confidentiality
 * notice. The creation date (and with it the file ID pdfkit derives from the metadata) is the
 * report's `documentDate`, so the same data gives the same file but for the generated-at line.
 */
export class PdfReportRenderer implements ReportRenderer {
  async render(report: CandidateReport): Promise<Buffer> {
    const { PDFDocument, regular, bold } = await loadReportAssets();
    const doc = new PDFDocument({
      // The default font, set at once: otherwise pdfkit reads Helvetica's metrics for each report.
      font: regular as unknown as string,
      size: 'LETTER',
      margins: { top: MARGIN, bottom: BOTTOM_MARGIN, left: MARGIN, right: MARGIN },
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
    // @types/pdfkit lists files only; pdfkit 0.20 also takes a parsed font (anything with `layout`),
    // and finds the default font again by its PostScript name.
    doc.registerFont(REGULAR, regular as unknown as Buffer);
    doc.registerFont(BOLD, bold as unknown as Buffer);
    this.header(doc, report);
    this.overall(doc, report);
    this.legend(doc, report);
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
    doc.font(BOLD).fontSize(15).fillColor(INK).text(report.title, MARGIN, MARGIN);
    doc.font(REGULAR).fontSize(9).fillColor(MUTED).text(report.reference);
    rule(doc, doc.y + 8);
    const column = this.width / 2;
    const rows = Math.ceil(report.fields.length / 2);
    let y = doc.y + 18;
    for (let row = 0; row < rows; row++) {
      // Two fields side by side; a value a little too long is set smaller to stay on one line (a
      // package id cut at its hyphens reads badly), a longer one wraps and the row grows with it.
      const pair = [report.fields[row], report.fields[row + rows]].filter((field) => field !== undefined);
      const sizes = pair.map((field) => fittedSize(doc, field.value, column - 12, 10.5, 8.5));
      const height = Math.max(
        ...pair.map((field, i) => doc.fontSize(sizes[i]).heightOfString(field.value, { width: column - 12 })),
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
          .fontSize(sizes[i])
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

  /** What each result colour means: a badge per result, its meaning and its colour in words. */
  private legend(doc: PDFKit.PDFDocument, report: CandidateReport): void {
    const top = doc.y + 12;
    doc.font(BOLD).fontSize(9.5).fillColor(INK).text(report.legend.title, MARGIN, top);
    const column = this.width / 2;
    const badgeColumn = 78;
    const rows = Math.ceil(report.legend.entries.length / 2);
    let y = top + 15;
    for (let row = 0; row < rows; row++) {
      const pair = [report.legend.entries[row], report.legend.entries[row + rows]].filter(Boolean);
      const texts = pair.map((entry) => `${entry.meaning} (${TONE_COLOUR[entry.badge.tone].name})`);
      doc.font(REGULAR).fontSize(7.5);
      const height = Math.max(
        14,
        ...texts.map((text) => doc.heightOfString(text, { width: column - badgeColumn - 8 })),
      );
      pair.forEach((entry, i) => {
        const x = MARGIN + i * column;
        badge(doc, entry.badge, x, y, 7.5);
        doc
          .font(REGULAR)
          .fontSize(7.5)
          .fillColor(MUTED)
          .text(texts[i], x + badgeColumn, y + 1, { width: column - badgeColumn - 8 });
      });
      y += height + 5;
    }
    doc.x = MARGIN;
    doc.y = y;
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

  /**
   * On every page: the PRELIMINAR band of an unfinished request, the running header (from page 2),
   * the generated-at line, "Página n de N" and the confidentiality notice.
   */
  private pageFurniture(doc: PDFKit.PDFDocument, report: CandidateReport): void {
    const { start, count } = doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      doc.switchToPage(i);
      // Writing into the margins must not open a new page.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      if (report.preliminary) {
        doc.rect(0, 10, doc.page.width, 18).fill(PRELIMINARY_FILL);
        doc
          .font(BOLD)
          .fontSize(8.5)
          .fillColor(PRELIMINARY_INK)
          .text(report.preliminary, MARGIN, 14.5, { width: this.width, align: 'center', lineBreak: false });
      }
      if (i > start)
        doc
          .font(REGULAR)
          .fontSize(8)
          .fillColor(MUTED)
          .text(`${report.title} · ${report.reference}`, MARGIN, MARGIN - 19, {
            width: this.width,
            lineBreak: false,
            ellipsis: true,
          });
      const y = doc.page.height - BOTTOM_MARGIN + 16;
      rule(doc, y - 6);
      doc.font(REGULAR).fontSize(8).fillColor(MUTED);
      doc.text(report.generatedAt, MARGIN, y, { lineBreak: false });
      const label = pageLabel(i - start + 1, count);
      doc.text(label, MARGIN + this.width - doc.widthOfString(label), y, { lineBreak: false });
      doc.fontSize(6.5).text(report.confidentiality, MARGIN, y + 13, { width: this.width, lineGap: 0.5 });
      doc.page.margins.bottom = bottom;
    }
  }
}

/**
 * The largest size from `max` down to `min` at which `text` fits on one line of `width` in the
 * bold face; `max` when even `min` does not (the text then wraps).
 */
function fittedSize(doc: PDFKit.PDFDocument, text: string, width: number, max: number, min: number): number {
  const natural = doc.font(BOLD).fontSize(max).widthOfString(text);
  if (natural <= width) return max;
  const fitted = Math.floor(((max * width) / natural) * 10) / 10;
  return fitted >= min ? fitted : max;
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
