import { CsvError, parse } from 'csv-parse/sync';
import { csvHeaderViolations, FieldViolation } from '@app/domain';

/** Why csv-parse refused a body, said for a person who edits spreadsheets. */
const CSV_PROBLEMS: Record<string, string> = {
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: 'the row has a different number of cells than the header',
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is never closed (unbalanced quotes)',
  CSV_INVALID_CLOSING_QUOTE: 'a quote closes a cell but text follows it',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quote closes a cell but text follows it',
};

/** One registration row of a CSV batch, and the line of the body where its record starts. */
export interface CsvItem {
  fields: Record<string, string>;
  /** 1-based, the header being line 1; blank lines and line breaks inside quoted cells count. */
  line: number;
}

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

/**
 * The items of a CSV batch (docs/behaviour.md): a header row of registration field names, then one
 * registration per row; an empty cell is an absent field. Every problem names its line, and
 * every item keeps the line its record starts on.
 */
export function csvItems(text: string): { items: CsvItem[] } | { violations: FieldViolation[] } {
  let rows: ParsedRecord[];
  try {
    // One kind of line break: csv-parse miscounts lines (and loses characters of `raw`) when
    // records end with CR LF, and Excel for Mac's "CSV (Macintosh)" ends them with a bare CR. A line
    // break inside a quoted cell becomes LF too (no registration field may hold one).
    rows = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as ParsedRecord[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const problem = CSV_PROBLEMS[error.code] ?? error.message;
    return { violations: [{ field: 'body', message: `Line ${error.lines}: ${problem}.` }] };
  }
  if (rows.length < 2)
    return {
      violations: [
        { field: 'body', message: 'The CSV needs a header row and at least one registration row.' },
      ],
    };
  const [{ record: header }, ...records] = rows;
  const violations = csvHeaderViolations(header);
  if (violations.length > 0) return { violations };
  return {
    items: records.map(({ record: cells, info }) => ({
      fields: Object.fromEntries(
        header.flatMap((column, i) => (cells[i] === '' ? [] : [[column, cells[i]]])),
      ),
      line: recordStartLine(cells, info.lines),
    })),
  };
}

/** csv-parse counts the line a record ends on; it starts as many lines earlier as its cells hold breaks. */
function recordStartLine(cells: readonly string[], endLine: number): number {
  return endLine - cells.reduce((breaks, cell) => breaks + (cell.match(/\n/g)?.length ?? 0), 0);
}
