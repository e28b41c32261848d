import {
  ART_69_SUPUESTOS,
  art69Columns,
  art69Entry,
  art69Kind,
  art69Row,
  satColumnTitles,
  satExtraCells,
  type Art69Columns,
  type Art69Kind,
} from '@app/domain';
import { csvRecords } from './csv-records';
import { SatRowGroups } from './sat-rows';
import { StringPool } from './string-pool';
import { ReadTally, type NamedFile, type WatchListRead } from './watch-list-read';
import { WatchListFileRefused } from './watch-list-file-refused';

/**
 * The Art. 69 files (docs/watch-lists.md), one or more of the seven lists: the header on the first
 * line, columns found by title, each list told by its file name (or its columns, or its rows'
 * `SUPUESTO`). An RFC on several rows or lists is one entry whose `listStatus` joins its supuestos.
 */
export async function readSat69(files: NamedFile[], importDate: string): Promise<WatchListRead> {
  const tally = new ReadTally();
  const groups = new SatRowGroups('sat-69');
  const pool = new StringPool();
  for (const file of files) {
    let columns: Art69Columns | null = null;
    /** The columns whose values are the taxpayer's own (not worth pooling). */
    let unique: number[] = [];
    let kind: Art69Kind | null = null;
    let rows = 0;
    for await (const { cells, line } of csvRecords(file, { windows1252Only: 'the SAT' })) {
      if (!columns) {
        ({ columns, kind } = header(file, satColumnTitles(cells)));
        unique = [columns.rfc, columns.name];
        continue;
      }
      rows++;
      const extra = satExtraCells(cells, columns.titles);
      const row = extra
        ? { rejected: extra }
        : art69Row(file.name, pool.internCells(cells, unique), columns, kind);
      if ('rejected' in row) tally.reject(file.name, line, row.rejected);
      else {
        if (row.redacted) tally.redacted++;
        groups.add(row, line);
      }
    }
    if (!columns) throw new WatchListFileRefused('no-data', file.name, 'it is empty');
    tally.rows += rows;
    tally.fileRead(file.name, kind ? ART_69_SUPUESTOS[kind] : 'Art. 69 (by SUPUESTO)', rows);
  }
  return tally.finish(
    null,
    groups.entries((rows) => art69Entry(rows, importDate)),
  );
}

/** The first line: an Art. 69 header, and a list the file can be told to be. */
function header(file: NamedFile, titles: string[]): { columns: Art69Columns; kind: Art69Kind | null } {
  const columns = art69Columns(titles);
  if (!columns)
    throw new WatchListFileRefused(
      'header',
      file.name,
      `its first line is not an Art. 69 header (it needs the columns RFC and RAZON SOCIAL or NOMBRE O RAZON SOCIAL; it has ${titles.slice(0, 8).join(', ')})`,
    );
  const kind = art69Kind(file.name, titles);
  if (!kind && columns.supuesto < 0)
    throw new WatchListFileRefused(
      'header',
      file.name,
      'neither its name (Firmes.csv, Exigibles.csv, No_localizados.csv, ...) nor a SUPUESTO column says which Art. 69 list it is',
    );
  return { columns, kind };
}
