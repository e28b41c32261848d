import type { ListedName, PartyKind, WatchListEntry } from '../entry';
import { parseOfacRemarks } from './ofac-remarks';
import { collapseSpaces, distinct } from './text';

/**
 * OFAC's legacy SDN files (docs/watch-lists.md): no header, `-0-` for an empty value, three files linked
 * by `ent_num`. Columns are named as OFAC's data specification names them; `raw` keys them so.
 */

export const OFAC_SDN_COLUMNS = [
  'ent_num',
  'SDN_Name',
  'SDN_Type',
  'Program',
  'Title',
  'Call_Sign',
  'Vess_type',
  'Tonnage',
  'GRT',
  'Vess_flag',
  'Vess_owner',
  'Remarks',
] as const;
export const OFAC_ALT_COLUMNS = ['ent_num', 'alt_num', 'alt_type', 'alt_name', 'alt_remarks'] as const;
/** `sdn_comments.csv`: the rest of a `Remarks` too long for sdn.csv. */
export const OFAC_COMMENTS_COLUMNS = ['ent_num', 'Remarks_Extension'] as const;
export const OFAC_ADD_COLUMNS = [
  'ent_num',
  'add_num',
  'address',
  'city_state_postal',
  'country',
  'add_remarks',
] as const;

export type OfacSdnRow = Record<(typeof OFAC_SDN_COLUMNS)[number], string | null>;
export type OfacAltRow = Record<(typeof OFAC_ALT_COLUMNS)[number], string | null>;
export type OfacAddRow = Record<(typeof OFAC_ADD_COLUMNS)[number], string | null>;
export type OfacCommentsRow = Record<(typeof OFAC_COMMENTS_COLUMNS)[number], string | null>;

export type OfacFileKind = 'sdn' | 'alt' | 'add' | 'comments';

export const OFAC_COLUMNS = {
  sdn: OFAC_SDN_COLUMNS,
  alt: OFAC_ALT_COLUMNS,
  add: OFAC_ADD_COLUMNS,
  comments: OFAC_COMMENTS_COLUMNS,
};

/** A cell's value: OFAC writes `-0-` (often followed by a space) for an empty one. */
export function ofacValue(cell: string | undefined): string | null {
  const text = (cell ?? '').trim();
  return text === '' || text === '-0-' ? null : text;
}

type OfacRows = { sdn: OfacSdnRow; alt: OfacAltRow; add: OfacAddRow; comments: OfacCommentsRow };

/**
 * A record keyed by its file's columns; a reason when it has another number of cells (then it is
 * not a row of that file: a comma out of place, a quote not closed).
 */
export function ofacRecord<K extends OfacFileKind>(
  kind: K,
  cells: string[],
): { row: OfacRows[K] } | { rejected: string } {
  const columns: readonly string[] = OFAC_COLUMNS[kind];
  if (cells.length !== columns.length)
    return { rejected: `${cells.length} values where ${kind}.csv has ${columns.length}` };
  const row: Record<string, string | null> = {};
  columns.forEach((column, i) => (row[column] = ofacValue(cells[i])));
  // Remarks and their continuation are kept as written at the cut: OFAC splits a long remark
  // wherever the column ends, after a space or in the middle of a word.
  if (kind === 'comments' && row.Remarks_Extension !== null) row.Remarks_Extension = cells[1];
  if (kind === 'sdn' && row.Remarks !== null) row.Remarks = cells[11].replace(/^\s+/, '');
  if (!/^\d+$/.test(row.ent_num ?? '')) return { rejected: `ent_num "${cells[0]}" is not a number` };
  return { row: row as OfacRows[K] };
}

/** The file a record of `cells` values belongs to, by its number of values (files carry no header). */
export function ofacFileKindOf(cells: string[]): OfacFileKind | null {
  const kinds = Object.keys(OFAC_COLUMNS) as OfacFileKind[];
  return kinds.find((kind) => OFAC_COLUMNS[kind].length === cells.length) ?? null;
}

/** Only individuals and entities (`SDN_Type` `-0-`) are screened; vessels and aircraft are not. */
export function ofacPartyKind(sdnType: string | null): PartyKind | null {
  if (sdnType === null) return 'entity';
  return sdnType.toLowerCase() === 'individual' ? 'person' : null;
}

/**
 * `Program` as `listStatus`: OFAC writes the programs bracketed (`[SDNTK] [ILLICIT-DRUGS-EO14059]`),
 * in the CSV usually without the outer brackets (`SDNTK] [ILLICIT-DRUGS-EO14059`).
 */
export function ofacPrograms(program: string | null): string {
  if (!program) return '';
  return distinct(
    program
      .split(/\]\s*\[|;/)
      .map((part) => part.replace(/[[\]]/g, '').trim())
      .filter(Boolean),
  ).join('; ');
}

/**
 * A name as OFAC writes it: an individual's `SURNAMES, Given names` (split there), an entity's as
 * it stands, an individual's name without a comma (a nickname) in an order nobody can tell.
 */
export function ofacListedName(
  name: string,
  kind: PartyKind,
  alias: boolean,
  quality?: 'strong' | 'weak',
): ListedName {
  const text = collapseSpaces(name);
  const listed: ListedName =
    kind !== 'person'
      ? { text, order: 'entity', alias }
      : text.includes(',')
        ? {
            text,
            order: 'surnames-comma-given',
            surnames: text.slice(0, text.indexOf(',')).trim(),
            given: text.slice(text.indexOf(',') + 1).trim(),
            alias,
          }
        : { text, order: 'unknown', alias };
  return quality ? { ...listed, quality } : listed;
}

/**
 * An entry's whole remarks: sdn.csv's `Remarks` followed by the `Remarks_Extension`s of
 * sdn_comments.csv, in order, joined as written (OFAC cuts a long remark wherever its column ends,
 * mid-word included: `R.F.C. AUA` + `M-530929`).
 */
export function ofacFullRemarks(remarks: string | null, comments: readonly OfacCommentsRow[]): string | null {
  const rest = comments.map((c) => c.Remarks_Extension ?? '').join('');
  return rest ? ofacValue(`${remarks ?? ''}${rest}`) : remarks;
}

/**
 * The entry of one `ent_num`: its name, the strong aliases of alt.csv (`aka`, `fka`, `nka`) and the
 * weak ones of the remarks (continued in sdn_comments.csv), what the remarks say. Addresses stay
 * in `raw`: where a party has a house says nothing of its nationality.
 */
export function ofacEntry(
  sdn: OfacSdnRow,
  alts: OfacAltRow[],
  adds: OfacAddRow[],
  comments: OfacCommentsRow[] = [],
): WatchListEntry {
  const kind = ofacPartyKind(sdn.SDN_Type) ?? 'unknown';
  const remarks = parseOfacRemarks(ofacFullRemarks(sdn.Remarks, comments));
  const names: ListedName[] = [ofacListedName(sdn.SDN_Name ?? '', kind, false)];
  for (const alt of alts) if (alt.alt_name) names.push(ofacListedName(alt.alt_name, kind, true, 'strong'));
  for (const weak of remarks.weakAliases) names.push(ofacListedName(weak, kind, true, 'weak'));
  return {
    source: 'ofac-sdn',
    key: sdn.ent_num ?? '',
    kind,
    names: names.filter((name) => name.text),
    rfcs: remarks.rfcs,
    curps: remarks.curps,
    birthDates: remarks.birthDates,
    nationalities: remarks.nationalities,
    gender: remarks.gender,
    listStatus: ofacPrograms(sdn.Program),
    redacted: false,
    raw: comments.length ? { sdn, alt: alts, add: adds, comments } : { sdn, alt: alts, add: adds },
  };
}

/** Whether an sdn.csv row is screened (and as what), skipped (a vessel, an aircraft) or unreadable. */
export function ofacSdnStanding(
  row: OfacSdnRow,
): { kind: PartyKind } | { skipped: string } | { rejected: string } {
  const kind = ofacPartyKind(row.SDN_Type);
  if (!kind) return { skipped: `SDN_Type ${row.SDN_Type}` };
  if (!row.SDN_Name) return { rejected: 'no SDN_Name' };
  return { kind };
}
