import type { ListedName, PartyKind, WatchListEntry, WatchListSource } from '../entry';
import { RFC } from '../../screening/registration-rules';
import { asRfc, birthDateOfPersonRfc, isRedactedRfc, partyKindOfRfc, REDACTED_RFC } from './identifiers';
import { collapseSpaces, distinct, foldLabel, remembered, setOwn } from './text';

/**
 * What the SAT's lists say of a taxpayer (docs/watch-lists.md), shared by the 69-B list and the
 * Art. 69 files: the row as read, the party's kind and name, the entry of one RFC.
 */

/** A row as published: the file it is in and every cell keyed by its column title (`raw` keeps these). */
export interface SatPublishedRow {
  file: string;
  cells: Record<string, string>;
}

/** One data row of an SAT file, its columns found. */
export interface SatRow {
  /** Compacted (`AIMO6811069F7`), or `XXXXXXXXXXXX` when redacted. */
  rfc: string;
  redacted: boolean;
  /** As published (a quoted cell's line breaks included). */
  name: string;
  /** `TIPO PERSONA` as published; empty when the file has no such column. */
  tipoPersona: string;
  /** 69-B: the situación, normalised; Art. 69: the supuesto's label. */
  status: string;
  published: SatPublishedRow;
}

/**
 * The column titles of a header as `raw` keys them: spacing collapsed (a title may hold a line
 * break), an empty title named by its position, a repeated one numbered.
 */
export function satColumnTitles(header: string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((cell, index) => {
    const title = collapseSpaces(cell) || `column ${index + 1}`;
    const count = (seen.get(title) ?? 0) + 1;
    seen.set(title, count);
    return count === 1 ? title : `${title} (${count})`;
  });
}

/** The row's cells keyed by the titles; cells past the last title are keyed by their position. */
export function satCells(titles: string[], cells: string[]): Record<string, string> {
  const keyed: Record<string, string> = {};
  for (let i = 0; i < cells.length; i++) setOwn(keyed, titles[i] ?? `column ${i + 1}`, cells[i]);
  return keyed;
}

/**
 * A row with more values than the header has titles (a quote or a comma out of place shifted its
 * cells): the reason it cannot be read, or null. Empty trailing cells are harmless.
 */
export function satExtraCells(cells: string[], titles: string[]): string | null {
  const extra = cells.slice(titles.length).some((cell) => cell.trim() !== '');
  return extra
    ? `${cells.length} values where the header has ${titles.length} (a quote or a comma out of place?)`
    : null;
}

/** The RFC cell of a row: compacted and checked; a reason when it cannot identify anyone. */
export function satRfc(cell: string | undefined): { rfc: string; redacted: boolean } | { rejected: string } {
  // Nearly every cell holds an RFC as it should be written: no compacting then.
  if (cell !== undefined && RFC.test(cell)) return { rfc: cell, redacted: false };
  const text = collapseSpaces(cell ?? '');
  if (!text) return { rejected: 'no RFC' };
  if (isRedactedRfc(text)) return { rfc: REDACTED_RFC, redacted: true };
  const rfc = asRfc(text);
  return rfc ? { rfc, redacted: false } : { rejected: `RFC "${text}" is not an RFC (12 or 13 characters)` };
}

/**
 * `TIPO PERSONA` says (`F`, `M`, `Persona Física`, `Persona Moral`); without it the RFC's length
 * tells: 13 characters física, 12 moral.
 */
export function satPartyKind(rfc: string, tipoPersona: string): PartyKind {
  return kindOfTipo(tipoPersona) ?? (isRedactedRfc(rfc) ? 'unknown' : partyKindOfRfc(rfc));
}

const kindOfTipo = remembered((tipoPersona: string): PartyKind | null => {
  const tipo = foldLabel(tipoPersona).replace(/^PERSONA /, '');
  return tipo === 'F' || tipo === 'FISICA' ? 'person' : tipo === 'M' || tipo === 'MORAL' ? 'entity' : null;
});

/**
 * A moral by its razón social; a física's name in one cell, in an order the SAT does not keep: the
 * Art. 69 files write most persons `NOMBRE PATERNO MATERNO`, the 69-B list many `PATERNO MATERNO
 * NOMBRE` (docs/watch-list-matching.md, "Names"). The matcher reads it in every plausible order and
 * lets the RFC's letters choose.
 */
export function satListedName(name: string, kind: PartyKind, alias = false): ListedName {
  return { text: collapseSpaces(name), order: kind === 'entity' ? 'entity' : 'unknown', alias };
}

/**
 * The entry of one RFC from its rows (several when the RFC is on several Art. 69 lists or repeated
 * in one): the first name is the primary, other spellings follow as aliases; `listStatus` is
 * given by the caller (the 69-B situación, the Art. 69 supuestos). A física's birth date is her
 * RFC's `YYMMDD`, in the century that makes her at least 18 on `onDate` (the version's as-of
 * date, else its import date).
 */
export function satEntry(
  source: WatchListSource,
  rows: SatRow[],
  listStatus: string,
  onDate: string | null,
): WatchListEntry {
  const first = rows[0];
  const tipo = rows.find((row) => row.tipoPersona.trim())?.tipoPersona ?? '';
  const kind = satPartyKind(first.rfc, tipo);
  const spellings =
    rows.length === 1 ? [collapseSpaces(first.name)] : distinct(rows.map((row) => collapseSpaces(row.name)));
  const names = spellings.filter(Boolean).map((name, i) => satListedName(name, kind, i > 0));
  return {
    source,
    key: first.rfc,
    kind,
    names,
    rfcs: first.redacted ? [] : [first.rfc],
    curps: [],
    birthDates: birthDatesOf(first, kind, onDate),
    nationalities: [],
    gender: null,
    listStatus,
    redacted: first.redacted,
    raw: { rows: rows.map((row) => row.published) },
  };
}

function birthDatesOf(row: SatRow, kind: PartyKind, onDate: string | null): string[] {
  if (row.redacted || kind !== 'person' || !onDate) return [];
  const date = birthDateOfPersonRfc(row.rfc, onDate);
  return date ? [date] : [];
}

/**
 * A redacted row is its own entry (the publisher blanked out who it is, so it cannot be grouped
 * with anyone), keyed by where it was read: it is counted, never matched.
 */
export function redactedSatEntry(
  source: WatchListSource,
  row: SatRow,
  line: number,
  listStatus: string,
): WatchListEntry {
  return {
    ...satEntry(source, [row], listStatus, null),
    key: `${REDACTED_RFC}@${row.published.file}:${line}`,
  };
}
