import { CsvError, parse } from 'csv-parse/sync';
import { csvHeaderViolations, FieldViolation } from '@app/domain';

/** Why csv-parse refused a body, said for a person who edits spreadsheets. */
const CSV_PROBLEMS: Record<string, string> = {
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: 'the row has a different number of cells than the header',
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is never closed (unbalanced quotes)',
  CSV_INVALID_CLOSING_QUOTE: 'a quote closes a cell but text follows it',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quote closes a cell but text follows it',
};

/**
 * The items of a CSV batch (CONTRACT 8): a header row of registration field names, then one
 * registration per row; an empty cell is an absent field. Every problem names its line.
 */
export function csvItems(
  text: string,
): { items: Array<Record<string, string>> } | { violations: FieldViolation[] } {
  let rows: string[][];
  try {
    rows = parse(text, { bom: true, skip_empty_lines: true, trim: true }) as string[][];
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
  const [header, ...records] = rows;
  const violations = csvHeaderViolations(header);
  if (violations.length > 0) return { violations };
  return {
    items: records.map((cells) =>
      Object.fromEntries(header.flatMap((column, i) => (cells[i] === '' ? [] : [[column, cells[i]]]))),
    ),
  };
}
