import {
  isSat69bHeader,
  sat69bColumns,
  sat69bEntry,
  sat69bRow,
  satAsOfDate,
  satColumnTitles,
  satExtraCells,
  type Sat69bColumns,
} from '@app/domain';
import { csvRecords } from './csv-records';
import { SatRowGroups } from './sat-rows';
import { StringPool } from './string-pool';
import { ReadTally, type NamedFile, type WatchListRead } from './watch-list-read';
import { WatchListFileRefused } from './watch-list-file-refused';

/** The publisher puts two preamble lines before the header; past this many rows there is none. */
const MAX_PREAMBLE_ROWS = 50;

/**
 * `Listado_completo_69-B.csv` (docs/watch-lists.md): preamble lines (the first says `Información
 * actualizada al <d> de <mes> de <yyyy>`, the version's as-of), then the header, the first row
 * with a cell `RFC` and a cell that starts `Situación`, then one row per taxpayer.
 */
export async function readSat69b(file: NamedFile, importDate: string): Promise<WatchListRead> {
  const tally = new ReadTally();
  const groups = new SatRowGroups('sat-69b');
  let asOf: string | null = null;
  let columns: Sat69bColumns | null = null;
  /** The columns whose values are the taxpayer's own (not worth pooling). */
  let unique: number[] = [];
  let preambleRows = 0;
  let rows = 0;
  const pool = new StringPool();
  for await (const { cells, line } of csvRecords(file, { windows1252Only: 'the SAT' })) {
    if (!columns) {
      if (isSat69bHeader(cells)) {
        columns = sat69bColumns(satColumnTitles(cells));
        if (!columns)
          throw new WatchListFileRefused(
            'header',
            file.name,
            `the header at line ${line} has no column Nombre del Contribuyente (the 69-B list's header has No, RFC, Nombre del Contribuyente and Situación del contribuyente)`,
          );
        unique = [columns.rfc, columns.name];
        continue;
      }
      asOf ??= satAsOfDate(cells.join(' '));
      if (++preambleRows > MAX_PREAMBLE_ROWS) break;
      continue;
    }
    rows++;
    const extra = satExtraCells(cells, columns.titles);
    const row = extra ? { rejected: extra } : sat69bRow(file.name, pool.internCells(cells, unique), columns);
    if ('rejected' in row) tally.reject(file.name, line, row.rejected);
    else {
      if (row.redacted) tally.redacted++;
      groups.add(row, line);
    }
  }
  if (!columns)
    throw new WatchListFileRefused(
      'header',
      file.name,
      `no header row among its first ${MAX_PREAMBLE_ROWS} rows: the 69-B list's header has the columns No, RFC, Nombre del Contribuyente and Situación del contribuyente (then the oficios of each stage)`,
    );
  tally.rows = rows;
  tally.fileRead(file.name, 'Listado completo 69-B', rows);
  const onDate = asOf ?? importDate;
  return tally.finish(
    asOf,
    groups.entries((rows) => sat69bEntry(rows, onDate)),
  );
}
