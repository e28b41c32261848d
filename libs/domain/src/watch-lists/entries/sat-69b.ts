import type { WatchListEntry } from '../entry';
import { satCells, satEntry, satRfc, type SatRow } from './sat';
import { collapseSpaces, foldLabel, remembered } from './text';

/**
 * The SAT's Art. 69-B list (`Listado_completo_69-B.csv`, docs/watch-lists.md): a preamble, a header
 * found by its cells, one row per taxpayer with its situación.
 */

export const SAT_69B_STATUSES = ['Presunto', 'Desvirtuado', 'Definitivo', 'Sentencia Favorable'] as const;
export type Sat69bStatus = (typeof SAT_69B_STATUSES)[number];

const STATUS_BY_FOLDED = new Map<string, Sat69bStatus>(SAT_69B_STATUSES.map((s) => [foldLabel(s), s]));

/**
 * The situación as one of the four the contract names, whatever the publisher's case, accents or
 * number (`DEFINITIVOS`, `sentencia favorable`, `Sentencias Favorables`); null for anything else.
 */
export const sat69bStatus = remembered((cell: string): Sat69bStatus | null => {
  const folded = foldLabel(cell);
  const singular = folded
    .split(' ')
    .map((word) => word.replace(/(?<=[AEIOU])S$/, ''))
    .join(' ');
  return STATUS_BY_FOLDED.get(folded) ?? STATUS_BY_FOLDED.get(singular) ?? null;
});

/**
 * When one RFC appears in more than one row (the publisher repeated it), the entry takes the most
 * severe situación: an import fails closed, it never clears a taxpayer by picking a row.
 */
const SEVERITY: Record<Sat69bStatus, number> = {
  Definitivo: 4,
  Presunto: 3,
  'Sentencia Favorable': 2,
  Desvirtuado: 1,
};

/** The header row: the first row with a cell `RFC` and a cell that starts `Situación`. */
export function isSat69bHeader(cells: string[]): boolean {
  const folded = cells.map(foldLabel);
  return folded.includes('RFC') && folded.some((cell) => cell.startsWith('SITUACION'));
}

export interface Sat69bColumns {
  titles: string[];
  rfc: number;
  name: number;
  status: number;
}

/** The columns the reading needs, found by title; null when the name column is missing. */
export function sat69bColumns(titles: string[]): Sat69bColumns | null {
  const folded = titles.map(foldLabel);
  const rfc = folded.indexOf('RFC');
  const status = folded.findIndex((cell) => cell.startsWith('SITUACION'));
  const name = folded.findIndex(
    (cell) => cell.startsWith('NOMBRE DEL CONTRIBUYENTE') || cell.endsWith('RAZON SOCIAL'),
  );
  return rfc < 0 || status < 0 || name < 0 ? null : { titles, rfc, name, status };
}

/** One data row, read; a reason when it cannot be. */
export function sat69bRow(
  file: string,
  cells: string[],
  columns: Sat69bColumns,
): SatRow | { rejected: string } {
  const rfc = satRfc(cells[columns.rfc]);
  if ('rejected' in rfc) return rfc;
  const published = collapseSpaces(cells[columns.status] ?? '');
  const status = sat69bStatus(published);
  if (!status)
    return {
      rejected: published
        ? `situación "${published}" is not one of ${SAT_69B_STATUSES.join(', ')}`
        : 'no situación del contribuyente',
    };
  return {
    ...rfc,
    name: cells[columns.name] ?? '',
    tipoPersona: '',
    status,
    published: { file, cells: satCells(columns.titles, cells) },
  };
}

/**
 * The entry of one RFC: `listStatus` is its situación (the most severe when it is repeated);
 * `onDate` dates a física's RFC (the list's as-of date, see `satEntry`).
 */
export function sat69bEntry(rows: SatRow[], onDate: string): WatchListEntry {
  const status = rows
    .map((row) => row.status as Sat69bStatus)
    .reduce((worst, next) => (SEVERITY[next] > SEVERITY[worst] ? next : worst));
  return satEntry('sat-69b', rows, status, onDate);
}
