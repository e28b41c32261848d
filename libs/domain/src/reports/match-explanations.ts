import type { WatchListScreeningSummary } from '../screening/summaries';
import { featureLabel } from '../watch-lists/matching/feature-labels';
import type { ComparedField, FieldComparison } from '../watch-lists/matching/field-comparison';
import { maskIdentifier } from './masking';
import { matchSentence, spanishDate } from './summary-sentences';

/**
 * Each match of a list process as the printed report explains it (docs/watch-list-matching.md,
 * "Labels" and "Field by field"): which entry, why it scored what it did in Spanish labels, and
 * the candidate beside the entry field by field.
 */

/** A small table: its column titles and its rows, every cell already written. */
export interface ReportTable {
  columns: string[];
  rows: string[][];
}

export interface ReportMatch {
  /** "Coincidencia con «...» en OFAC, lista SDN (SDNTK), puntuación 1.00." */
  heading: string;
  /** "Motivos: Nombre idéntico; Fecha de nacimiento coincidente." */
  reasons: string;
  /** Null for a match recorded before comparisons were kept. */
  comparison: ReportTable | null;
}

export const COMPARISON_COLUMNS = ['Campo', 'Candidato', 'En la lista', '¿Coincide?'];

/** The fields as the report names them. */
export const FIELD_NAMES: Record<ComparedField, string> = {
  givenNames: 'Nombre(s)',
  paternalSurname: 'Apellido paterno',
  maternalSurname: 'Apellido materno',
  birthDate: 'Fecha de nacimiento',
  rfc: 'RFC',
  curp: 'CURP',
  nationality: 'Nacionalidad',
  businessName: 'Razón social',
};

const NOT_GIVEN = 'No proporcionado';
const NOT_LISTED = 'Sin dato';

/** A value as printed: identifiers masked as everywhere in the report (each of several), dates in Spanish. */
function printed(field: ComparedField, value: string | null, missing: string): string {
  if (value === null) return missing;
  if (field === 'rfc' || field === 'curp')
    return value
      .split(', ')
      .map((one) => maskIdentifier(one) ?? one)
      .join(', ');
  if (field === 'birthDate') return value.split(', ').map(spanishDate).join(', ');
  return value.normalize('NFC');
}

const agreement = (same: boolean | null): string => (same === null ? '—' : same ? 'Sí' : 'No');

export function comparisonTable(rows: readonly FieldComparison[]): ReportTable {
  return {
    columns: COMPARISON_COLUMNS,
    rows: rows.map((row) => [
      FIELD_NAMES[row.field] ?? row.field,
      printed(row.field, row.candidate, NOT_GIVEN),
      printed(row.field, row.listed, NOT_LISTED),
      agreement(row.same),
    ]),
  };
}

/** A match as stored: before labels and comparisons were kept, without them. */
type StoredMatch = Omit<
  WatchListScreeningSummary['matches'][number],
  'comparison' | 'features' | 'disputed'
> & {
  features: Array<{ feature: string; effect: number; label?: string }>;
  comparison?: FieldComparison[];
};

/** The matches of a list process's summary, best first as stored. Labels come from the catalogue, whatever was stored. */
export function watchListMatches(summary: { matches: readonly StoredMatch[] }): ReportMatch[] {
  return summary.matches.map((match) => {
    const labels = [...new Set(match.features.map((feature) => featureLabel(feature.feature)))];
    return {
      heading: matchSentence(match),
      reasons: labels.length ? `Motivos: ${labels.join('; ')}.` : '',
      comparison: match.comparison?.length ? comparisonTable(match.comparison) : null,
    };
  });
}
