import {
  type Badge,
  type BadgeTone,
  type CandidateReport,
  pageLabel,
  ReportRenderer,
  type ReportMatch,
  type ReportSection,
  type ReportTable,
} from '@app/domain';
import type { DocumentFonts } from './fallback-fonts';
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
const TABLE_FILL = '#F5F5F5';
const SAME_INK: Record<string, string> = { Sí: '#2E7D32', No: '#C62828' };
const PRELIMINARY_FILL = '#FFF3E0';
const PRELIMINARY_INK = '#BF360C';
const MARGIN = 54;
/** Room under the content for the footer: a rule, the generated-at line and the confidentiality notice. */
const BOTTOM_MARGIN = 84;
/** The comparison table's columns (Campo, Candidato, En la lista, ¿Coincide?), in points. */
const TABLE_COLUMNS = [104, 152, 164, 72];
const CELL_PADDING = 3;

/**
 * The domain's ReportRenderer port: lays a candidate report out as a printable PDF (US Letter, as Mexican offices print) with pdfkit:
 * no browser, about ten milliseconds of CPU. Every word comes from the domain's CandidateReport;
 * this class only places it, in DejaVu Sans embedded (report-fonts.ts): the standard Helvetica
 * printed `Łukasz Nguyễn`, `Zoë Παπαδοπούλου` or `Пётр` as garbage; what DejaVu lacks (`王小明`,
 * `محمد`) falls back on Noto Sans run by run (Typesetter). A list process's matches are explained
 * below its section: the reasons in words and a table of the candidate beside the entry. An unfinished request says
 * PRELIMINAR in its title and in a band on every page; every page carries the confidentiality
 * notice. The creation date (and with it the file ID pdfkit derives from the metadata) is the
 * report's `documentDate`, so the same data gives the same file but for the generated-at line.
 */
export class PdfReportRenderer implements ReportRenderer {
  async render(report: CandidateReport): Promise<Buffer> {
    const { PDFDocument, regular, bold, fallbacks } = await loadReportAssets();
    // The scripts DejaVu Sans lacks (a Chinese or Arabic name) are set in a fallback font, read
    // only when the report holds such a character (fallback-fonts.ts).
    const fonts = await fallbacks.prepare(textsOf(report));
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
    for (const [key, font] of fonts.fonts) doc.registerFont(key, font as unknown as Buffer);
    const type = new Typesetter(doc, fonts);
    this.header(type, report);
    this.overall(type, report);
    this.legend(type, report);
    doc.moveDown(1.2);
    type.text(report.sectionsTitle, { face: 'bold', size: 13, color: INK }, MARGIN, undefined);
    doc.moveDown(0.4);
    for (const section of report.sections) this.section(type, section);
    this.pageFurniture(type, report);
    doc.end();
    return done;
  }

  private get width(): number {
    return 612 - 2 * MARGIN;
  }

  private header(type: Typesetter, report: CandidateReport): void {
    const doc = type.doc;
    type.text(report.title, { face: 'bold', size: 15, color: INK }, MARGIN, MARGIN);
    type.text(report.reference, { face: 'regular', size: 9, color: MUTED });
    rule(doc, doc.y + 8);
    const column = this.width / 2;
    const rows = Math.ceil(report.fields.length / 2);
    let y = doc.y + 18;
    for (let row = 0; row < rows; row++) {
      // Two fields side by side; a value a little too long is set smaller to stay on one line (a
      // package id cut at its hyphens reads badly), a longer one wraps and the row grows with it.
      const pair = [report.fields[row], report.fields[row + rows]].filter((field) => field !== undefined);
      const sizes = pair.map((field) => fittedSize(type, field.value, column - 12, 10.5, 8.5));
      const height = Math.max(
        ...pair.map((field, i) => type.heightOf(field.value, { face: 'bold', size: sizes[i] }, column - 12)),
      );
      pair.forEach((field, i) => {
        const x = MARGIN + i * column;
        type.text(field.label, { face: 'regular', size: 8, color: MUTED }, x, y, { width: column - 12 });
        type.text(field.value, { face: 'bold', size: sizes[i], color: INK }, x, y + 10, {
          width: column - 12,
        });
      });
      y += 10 + height + 8;
    }
    doc.x = MARGIN;
    doc.y = y;
  }

  private overall(type: Typesetter, report: CandidateReport): void {
    const doc = type.doc;
    const top = doc.y + 8;
    doc.rect(MARGIN, top, this.width, 62).fill('#F5F5F5');
    const label = { face: 'regular', size: 8, color: MUTED } as const;
    type.text('Estado general', label, MARGIN + 12, top + 10);
    type.text(report.overall.status, { face: 'bold', size: 12, color: INK }, MARGIN + 12, top + 21);
    type.text('Resultado general', label, MARGIN + 200, top + 10);
    badge(type, report.overall.result, MARGIN + 200, top + 20, 12);
    type.text(report.overall.progress, { face: 'regular', size: 9, color: MUTED }, MARGIN + 12, top + 43, {
      width: this.width - 24,
    });
    doc.x = MARGIN;
    doc.y = top + 62;
  }

  /** What each result colour means: a badge per result, its meaning and its colour in words. */
  private legend(type: Typesetter, report: CandidateReport): void {
    const doc = type.doc;
    const top = doc.y + 12;
    type.text(report.legend.title, { face: 'bold', size: 9.5, color: INK }, MARGIN, top);
    const column = this.width / 2;
    const badgeColumn = 78;
    const rows = Math.ceil(report.legend.entries.length / 2);
    const meaning = { face: 'regular', size: 7.5, color: MUTED } as const;
    let y = top + 15;
    for (let row = 0; row < rows; row++) {
      const pair = [report.legend.entries[row], report.legend.entries[row + rows]].filter(Boolean);
      const texts = pair.map((entry) => `${entry.meaning} (${TONE_COLOUR[entry.badge.tone].name})`);
      const height = Math.max(
        14,
        ...texts.map((text) => type.heightOf(text, meaning, column - badgeColumn - 8)),
      );
      pair.forEach((entry, i) => {
        const x = MARGIN + i * column;
        badge(type, entry.badge, x, y, 7.5);
        type.text(texts[i], meaning, x + badgeColumn, y + 1, { width: column - badgeColumn - 8 });
      });
      y += height + 5;
    }
    doc.x = MARGIN;
    doc.y = y;
  }

  private section(type: Typesetter, section: ReportSection): void {
    const doc = type.doc;
    const text = section.sentences.join(' ');
    const body = { face: 'regular', size: 10, color: INK } as const;
    const height = 44 + type.heightOf(text, body, this.width - 12);
    // A section starts on the next page rather than leave its title alone at the bottom of this one.
    if (doc.y + Math.min(height, 120) > doc.page.maxY()) doc.addPage();
    const top = doc.y + 6;
    const tone = TONE_COLOUR[section.badge.tone].fill;
    doc.rect(MARGIN, top, 4, height - 10).fill(tone);
    type.text(section.title, { face: 'bold', size: 12, color: INK }, MARGIN + 12, top);
    badge(type, section.badge, MARGIN + this.width - badgeWidth(type, section.badge, 9), top - 1, 9);
    const facts = section.facts.map((fact) => `${fact.label}: ${fact.value}`).join('   ·   ');
    type.text(facts, { face: 'regular', size: 8.5, color: MUTED }, MARGIN + 12, top + 17);
    type.text(text, body, MARGIN + 12, top + 31, { width: this.width - 12 });
    for (const match of section.matches) this.match(type, match, tone);
    doc.x = MARGIN;
    doc.y += 10;
  }

  /**
   * One match of a list process: the entry and its score, the reasons in words, and the candidate
   * beside the entry field by field (Campo / Candidato / En la lista / ¿Coincide?).
   */
  private match(type: Typesetter, match: ReportMatch, tone: string): void {
    const doc = type.doc;
    const x = MARGIN + 12;
    const width = this.width - 12;
    const heading = { face: 'bold', size: 9.5, color: INK } as const;
    const reasons = { face: 'regular', size: 8.5, color: MUTED } as const;
    const opening =
      8 +
      type.heightOf(match.heading, heading, width) +
      (match.reasons ? type.heightOf(match.reasons, reasons, width) + 2 : 0) +
      (match.comparison ? this.tableHeight(type, match.comparison) : 0);
    // A match starts on the next page rather than split from its table, unless it is longer than a page.
    if (doc.y + Math.min(opening, doc.page.maxY() - doc.page.margins.top) > doc.page.maxY()) doc.addPage();
    const top = doc.y + 8;
    const page = doc.page;
    type.text(match.heading, heading, x, top, { width });
    if (match.reasons) type.text(match.reasons, reasons, x, doc.y + 2, { width });
    if (match.comparison) this.table(type, match.comparison, x, doc.y + 4);
    // A rule in the section's colour beside the match (from the top of the page it ended on, if longer).
    const from = doc.page === page ? top - 2 : doc.page.margins.top;
    doc.rect(MARGIN, from, 2, doc.y - from).fill(tone);
    doc.x = MARGIN;
  }

  private cellHeights(type: Typesetter, cells: readonly string[], face: 'regular' | 'bold'): number {
    return Math.max(
      ...cells.map(
        (cell, i) =>
          type.heightOf(cell, { face, size: 8 }, TABLE_COLUMNS[i] - 2 * CELL_PADDING) + 2 * CELL_PADDING,
      ),
    );
  }

  private tableHeight(type: Typesetter, table: ReportTable): number {
    return [table.columns, ...table.rows].reduce(
      (sum, cells, i) => sum + this.cellHeights(type, cells, i === 0 ? 'bold' : 'regular'),
      0,
    );
  }

  private table(type: Typesetter, table: ReportTable, x: number, top: number): void {
    const doc = type.doc;
    let y = top;
    const line = (at: number) =>
      doc
        .moveTo(x, at)
        .lineTo(x + TABLE_COLUMNS.reduce((a, b) => a + b, 0), at)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
    [table.columns, ...table.rows].forEach((cells, row) => {
      const face = row === 0 ? 'bold' : 'regular';
      const height = this.cellHeights(type, cells, face);
      if (y + height > doc.page.maxY()) {
        doc.addPage();
        y = doc.y;
      }
      if (row === 0)
        doc
          .rect(
            x,
            y,
            TABLE_COLUMNS.reduce((a, b) => a + b, 0),
            height,
          )
          .fill(TABLE_FILL);
      let left = x;
      cells.forEach((cell, column) => {
        const colour = row === 0 ? MUTED : column === 3 ? (SAME_INK[cell] ?? MUTED) : INK;
        type.text(cell, { face, size: 8, color: colour }, left + CELL_PADDING, y + CELL_PADDING, {
          width: TABLE_COLUMNS[column] - 2 * CELL_PADDING,
        });
        left += TABLE_COLUMNS[column];
      });
      y += height;
      line(y);
    });
    doc.x = MARGIN;
    doc.y = y;
  }

  /**
   * On every page: the PRELIMINAR band of an unfinished request, the running header (from page 2),
   * the generated-at line, "Página n de N" and the confidentiality notice.
   */
  private pageFurniture(type: Typesetter, report: CandidateReport): void {
    const doc = type.doc;
    const { start, count } = doc.bufferedPageRange();
    const small = { face: 'regular', size: 8, color: MUTED } as const;
    for (let i = start; i < start + count; i++) {
      doc.switchToPage(i);
      // Writing into the margins must not open a new page.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      if (report.preliminary) {
        doc.rect(0, 10, doc.page.width, 18).fill(PRELIMINARY_FILL);
        type.text(report.preliminary, { face: 'bold', size: 8.5, color: PRELIMINARY_INK }, MARGIN, 14.5, {
          width: this.width,
          align: 'center',
          lineBreak: false,
        });
      }
      if (i > start)
        type.text(`${report.title} · ${report.reference}`, small, MARGIN, MARGIN - 19, {
          width: this.width,
          lineBreak: false,
          ellipsis: true,
        });
      const y = doc.page.height - BOTTOM_MARGIN + 16;
      rule(doc, y - 6);
      type.text(report.generatedAt, small, MARGIN, y, { lineBreak: false });
      const label = pageLabel(i - start + 1, count);
      type.text(label, small, MARGIN + this.width - type.widthOf(label, small), y, { lineBreak: false });
      type.text(report.confidentiality, { ...small, size: 6.5 }, MARGIN, y + 13, {
        width: this.width,
        lineGap: 0.5,
      });
      doc.page.margins.bottom = bottom;
    }
  }
}

/** Every text a report prints: what the fallback fonts are prepared for. */
function textsOf(report: CandidateReport): string[] {
  return [
    report.title,
    report.reference,
    report.preliminary ?? '',
    ...report.fields.flatMap((field) => [field.label, field.value]),
    report.overall.status,
    report.overall.progress,
    report.sectionsTitle,
    ...report.sections.flatMap((section) => [
      section.title,
      ...section.facts.map((fact) => `${fact.label}: ${fact.value}`),
      section.sentences.join(' '),
      ...section.matches.flatMap((match) => [
        match.heading,
        match.reasons,
        ...(match.comparison ? [match.comparison.columns, ...match.comparison.rows].flat() : []),
      ]),
    ]),
    report.confidentiality,
    report.generatedAt,
  ];
}

interface TextStyle {
  face: 'regular' | 'bold';
  size: number;
  color?: string;
}

/**
 * pdfkit's text calls, each text split into runs of one font: the report's face for what DejaVu
 * Sans sets, a fallback font for the rest (fallback-fonts.ts). A run of a fallback font in the bold
 * face is drawn filled and stroked: one weight of each fallback is read, not two.
 */
class Typesetter {
  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly fonts: DocumentFonts,
  ) {}

  text(
    text: string,
    style: TextStyle,
    x?: number,
    y?: number,
    options: PDFKit.Mixins.TextOptions = {},
  ): void {
    const doc = this.doc;
    const runs = this.fonts.runs(text);
    const face = style.face === 'bold' ? BOLD : REGULAR;
    doc.fontSize(style.size).fillColor(style.color ?? INK);
    if (runs.length === 1 && runs[0].font === null) {
      doc.font(face);
      if (x === undefined) doc.text(text, options);
      else doc.text(text, x, y, options);
      return;
    }
    runs.forEach((run, i) => {
      const emboldened = run.font !== null && style.face === 'bold';
      doc.font(run.font ?? face);
      if (emboldened) doc.lineWidth(style.size * 0.04).strokeColor(style.color ?? INK);
      const own = { continued: i < runs.length - 1, fill: true, stroke: emboldened };
      if (i > 0) doc.text(run.text, own);
      else if (x === undefined) doc.text(run.text, { ...options, ...own });
      else doc.text(run.text, x, y, { ...options, ...own });
    });
  }

  widthOf(text: string, style: TextStyle): number {
    const face = style.face === 'bold' ? BOLD : REGULAR;
    let width = 0;
    for (const run of this.fonts.runs(text))
      width += this.doc
        .font(run.font ?? face)
        .fontSize(style.size)
        .widthOfString(run.text);
    return width;
  }

  /** As pdfkit's heightOfString; a text of several fonts is measured by its width (its lines wrap alike). */
  heightOf(text: string, style: TextStyle, width: number): number {
    const face = style.face === 'bold' ? BOLD : REGULAR;
    const runs = this.fonts.runs(text);
    this.doc.font(face).fontSize(style.size);
    if (runs.length === 1 && runs[0].font === null) return this.doc.heightOfString(text, { width });
    const line = this.doc.heightOfString('X', { width });
    return Math.max(1, Math.ceil(this.widthOf(text, style) / width)) * line;
  }
}

/**
 * The largest size from `max` down to `min` at which `text` fits on one line of `width` in the
 * bold face; `max` when even `min` does not (the text then wraps).
 */
function fittedSize(type: Typesetter, text: string, width: number, max: number, min: number): number {
  const natural = type.widthOf(text, { face: 'bold', size: max });
  if (natural <= width) return max;
  const fitted = Math.floor(((max * width) / natural) * 10) / 10;
  return fitted >= min ? fitted : max;
}

function badgeWidth(type: Typesetter, b: Badge, size: number): number {
  return type.widthOf(b.label, { face: 'bold', size }) + size * 1.4;
}

/** A rounded, filled label in the tone's colour. */
function badge(type: Typesetter, b: Badge, x: number, y: number, size: number): void {
  const width = badgeWidth(type, b, size);
  const height = size * 1.7;
  const colour = TONE_COLOUR[b.tone];
  type.doc.roundedRect(x, y, width, height, height / 2).fill(colour.fill);
  type.text(b.label, { face: 'bold', size, color: colour.text }, x, y + size * 0.42, {
    width,
    align: 'center',
    lineBreak: false,
  });
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
