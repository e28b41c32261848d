import type { WatchListEntry } from '../entry';
import { satCells, satEntry, satRfc, type SatRow } from './sat';
import { collapseSpaces, distinct, foldLabel, remembered } from './text';

/**
 * The SAT's Art. 69 files (docs/watch-lists.md): seven lists of non-compliant taxpayers, each its own
 * file with its own header, one RFC possibly on several rows and several lists.
 */

export const ART_69_KINDS = [
  'firmes',
  'exigibles',
  'no-localizados',
  'cancelados',
  'csd-sin-efectos',
  'sentencias',
  'entes-publicos-omisos',
] as const;
export type Art69Kind = (typeof ART_69_KINDS)[number];

/** The supuesto each list stands for, as `listStatus` names it (in this order when joined). */
export const ART_69_SUPUESTOS: Record<Art69Kind, string> = {
  firmes: 'Firmes',
  exigibles: 'Exigibles',
  'no-localizados': 'No localizados',
  cancelados: 'Cancelados',
  'csd-sin-efectos': 'CSD sin efectos',
  sentencias: 'Sentencias',
  'entes-publicos-omisos': 'Entes públicos y de gobierno omisos',
};

/** The publisher's file names, folded (`No_localizados.csv` -> `NO LOCALIZADOS`). */
const KIND_BY_FILE: Record<string, Art69Kind> = {
  FIRMES: 'firmes',
  EXIGIBLES: 'exigibles',
  'NO LOCALIZADOS': 'no-localizados',
  CANCELADOS: 'cancelados',
  CSDSINEFECTOS: 'csd-sin-efectos',
  'CSD SIN EFECTOS': 'csd-sin-efectos',
  SENTENCIAS: 'sentencias',
  ENTESPUBLICOSYDEGOBIERNOOMISOS: 'entes-publicos-omisos',
  'ENTES PUBLICOS Y DE GOBIERNO OMISOS': 'entes-publicos-omisos',
};

/** A `SUPUESTO` cell that names a list (`FIRMES`, `NO LOCALIZADOS`, ...), singular or plural. */
const KIND_BY_SUPUESTO = new Map<string, Art69Kind>(
  ART_69_KINDS.map((kind) => [singular(foldLabel(ART_69_SUPUESTOS[kind])), kind]),
);

function singular(folded: string): string {
  return folded
    .split(' ')
    .map((word) => word.replace(/(?<=[AEIOU])S$/, ''))
    .join(' ');
}

/**
 * Which list a file is: by its name as published, else by the columns only one list has (CSD's
 * `SUPUESTO DE CANCELACION CSD`, the public bodies' `EJERCICIO`, Cancelados' `MONTO`). Firmes,
 * Exigibles, No localizados and Sentencias share a header: renamed, they are told apart by their
 * rows' `SUPUESTO`.
 */
export function art69Kind(fileName: string, titles: string[]): Art69Kind | null {
  const base = foldLabel(fileName.replace(/\.[^.]*$/, '').replace(/_/g, ' '));
  const byName = KIND_BY_FILE[base] ?? KIND_BY_FILE[base.replace(/ /g, '')];
  if (byName) return byName;
  const folded = titles.map(foldLabel);
  if (folded.some((title) => title.startsWith('SUPUESTO DE CANCELACION'))) return 'csd-sin-efectos';
  if (folded.includes('EJERCICIO')) return 'entes-publicos-omisos';
  if (folded.includes('MONTO') || folded.includes('FECHA DE CANCELACION')) return 'cancelados';
  return null;
}

export interface Art69Columns {
  titles: string[];
  rfc: number;
  name: number;
  /** -1 where the file has no `TIPO PERSONA` (CSD, public bodies). */
  tipoPersona: number;
  /** -1 where the file has no `SUPUESTO`. */
  supuesto: number;
}

/**
 * Columns found by title with case and accents folded: `RFC`; `RAZON SOCIAL`, `NOMBRE O RAZON
 * SOCIAL` or `NOMBRE, DENOMINACION O RAZON SOCIAL`; `TIPO (DE) PERSONA`; `SUPUESTO` or `SUPUESTO
 * DE CANCELACION CSD`. Null when `RFC` or the name is missing: then it is not an Art. 69 header.
 */
export function art69Columns(titles: string[]): Art69Columns | null {
  const folded = titles.map(foldLabel);
  const rfc = folded.indexOf('RFC');
  const name = folded.findIndex((title) => title.endsWith('RAZON SOCIAL'));
  const tipoPersona = folded.findIndex((title) => title === 'TIPO PERSONA' || title === 'TIPO DE PERSONA');
  const supuesto = folded.findIndex((title) => title.startsWith('SUPUESTO'));
  return rfc < 0 || name < 0 ? null : { titles, rfc, name, tipoPersona, supuesto };
}

/**
 * The supuesto of a row: the list its `SUPUESTO` cell names, else the file's list (CSD's cells
 * say `FRACCION X`, the fracción of the law), else the cell as published.
 */
export function art69Supuesto(cell: string, fileKind: Art69Kind | null): string | null {
  const byCell = supuestoOfCell(cell);
  if (byCell) return ART_69_SUPUESTOS[byCell];
  if (fileKind) return ART_69_SUPUESTOS[fileKind];
  return collapseSpaces(cell) || null;
}

const supuestoOfCell = remembered((cell: string) => KIND_BY_SUPUESTO.get(singular(foldLabel(cell))));

/** One data row, read; a reason when it cannot be. */
export function art69Row(
  file: string,
  cells: string[],
  columns: Art69Columns,
  fileKind: Art69Kind | null,
): SatRow | { rejected: string } {
  const rfc = satRfc(cells[columns.rfc]);
  if ('rejected' in rfc) return rfc;
  const status = art69Supuesto(columns.supuesto < 0 ? '' : (cells[columns.supuesto] ?? ''), fileKind);
  if (!status) return { rejected: 'no SUPUESTO, and the file name does not say which Art. 69 list it is' };
  return {
    ...rfc,
    name: cells[columns.name] ?? '',
    tipoPersona: columns.tipoPersona < 0 ? '' : (cells[columns.tipoPersona] ?? ''),
    status,
    published: { file, cells: satCells(columns.titles, cells) },
  };
}

const SUPUESTO_ORDER = new Map(ART_69_KINDS.map((kind, i) => [ART_69_SUPUESTOS[kind], i]));

/**
 * The entry of one RFC: `listStatus` is its supuestos, each once, in the lists' order (`Firmes; No
 * localizados`); `onDate` dates a física's RFC (the files carry no date: the import date, see `satEntry`).
 */
export function art69Entry(rows: SatRow[], onDate: string): WatchListEntry {
  const supuestos = distinct(rows.map((row) => row.status)).sort(
    (a, b) => (SUPUESTO_ORDER.get(a) ?? ART_69_KINDS.length) - (SUPUESTO_ORDER.get(b) ?? ART_69_KINDS.length),
  );
  return satEntry('sat-69', rows, supuestos.join('; '), onDate);
}
