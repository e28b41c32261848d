import {
  ofacEntry,
  ofacFileKindOf,
  ofacRecord,
  ofacSdnStanding,
  type OfacAddRow,
  type OfacAltRow,
  type OfacCommentsRow,
  type OfacFileKind,
  type OfacSdnRow,
} from '@app/domain';
import { csvRecords } from './csv-records';
import { ReadTally, type NamedFile, type WatchListRead } from './watch-list-read';
import { WatchListFileRefused } from './watch-list-file-refused';

const FILE_NAMES: Record<string, OfacFileKind> = {
  'sdn.csv': 'sdn',
  'alt.csv': 'alt',
  'add.csv': 'add',
  'sdn_comments.csv': 'comments',
};

/**
 * OFAC's legacy CSV files (docs/watch-lists.md): `sdn.csv`, and optionally `alt.csv` (strong aliases),
 * `add.csv` (addresses) and `sdn_comments.csv` (the rest of remarks too long for sdn.csv), linked
 * by `ent_num`. No header: each file is told by its name, else by the number of values of its
 * first record. Only individuals and entities are screened.
 */
export async function readOfacSdn(files: NamedFile[]): Promise<WatchListRead> {
  const byKind = await classify(files);
  const tally = new ReadTally();
  const parties = new Map<
    string,
    { sdn: OfacSdnRow; alts: OfacAltRow[]; adds: OfacAddRow[]; comments: OfacCommentsRow[] }
  >();
  const unscreened = new Set<string>();

  const sdnFile = byKind.sdn!;
  let sdnRows = 0;
  for await (const { cells, line } of csvRecords(sdnFile)) {
    sdnRows++;
    const read = ofacRecord('sdn', cells);
    if ('rejected' in read) {
      tally.reject(sdnFile.name, line, read.rejected);
      continue;
    }
    const standing = ofacSdnStanding(read.row);
    const entNum = read.row.ent_num!;
    if ('skipped' in standing) {
      tally.skipped++;
      unscreened.add(entNum);
    } else if ('rejected' in standing) tally.reject(sdnFile.name, line, standing.rejected);
    else if (parties.has(entNum) || unscreened.has(entNum))
      tally.reject(sdnFile.name, line, `ent_num ${entNum} is listed twice`);
    else parties.set(entNum, { sdn: read.row, alts: [], adds: [], comments: [] });
  }
  if (sdnRows > 0 && parties.size === 0 && unscreened.size === 0)
    throw new WatchListFileRefused(
      'unreadable',
      sdnFile.name,
      `no row reads as OFAC's sdn.csv (12 values, ent_num first): ${tally.rejected[0]?.reason ?? ''}`,
    );
  tally.rows += sdnRows;
  tally.fileRead(sdnFile.name, 'sdn', sdnRows);

  for (const kind of ['alt', 'add', 'comments'] as const) {
    const file = byKind[kind];
    if (!file) continue;
    let rows = 0;
    for await (const { cells, line } of csvRecords(file)) {
      rows++;
      const read = ofacRecord(kind, cells);
      if ('rejected' in read) {
        tally.reject(file.name, line, read.rejected);
        continue;
      }
      const entNum = read.row.ent_num!;
      const party = parties.get(entNum);
      if (party && kind === 'alt') party.alts.push(read.row as OfacAltRow);
      else if (party && kind === 'comments') party.comments.push(read.row as OfacCommentsRow);
      else if (party) party.adds.push(read.row as OfacAddRow);
      else if (unscreened.has(entNum)) tally.skipped++;
      else tally.reject(file.name, line, `ent_num ${entNum} is not listed in ${sdnFile.name}`);
    }
    tally.rows += rows;
    tally.fileRead(file.name, kind, rows);
  }
  const entries = [...parties.values()].map(({ sdn, alts, adds, comments }) =>
    ofacEntry(sdn, alts, adds, comments),
  );
  return tally.finish(null, entries);
}

/** Which file is sdn.csv, alt.csv and add.csv: one sdn.csv, at most one of each. */
async function classify(files: NamedFile[]): Promise<Partial<Record<OfacFileKind, NamedFile>>> {
  const byKind: Partial<Record<OfacFileKind, NamedFile>> = {};
  for (const file of files) {
    const kind = FILE_NAMES[file.name.toLowerCase()] ?? (await kindByContent(file));
    if (byKind[kind])
      throw new WatchListFileRefused(
        'files',
        file.name,
        `it is a second ${kind}.csv (the first is ${byKind[kind].name})`,
      );
    byKind[kind] = file;
  }
  if (!byKind.sdn)
    throw new WatchListFileRefused(
      'files',
      null,
      'ofac-sdn needs sdn.csv (alt.csv, add.csv and sdn_comments.csv are optional)',
    );
  return byKind;
}

/** A file not named as OFAC names it is told by its first record's number of values. */
async function kindByContent(file: NamedFile): Promise<OfacFileKind> {
  for await (const { cells } of csvRecords(file)) {
    const kind = ofacFileKindOf(cells);
    if (kind) return kind;
    throw new WatchListFileRefused(
      'unreadable',
      file.name,
      `its first row has ${cells.length} value${cells.length === 1 ? '' : 's'}: it is none of OFAC's sdn.csv (12), alt.csv (5), add.csv (6) or sdn_comments.csv (2)`,
    );
  }
  throw new WatchListFileRefused('no-data', file.name, 'it has no data rows');
}
