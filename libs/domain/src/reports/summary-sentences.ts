import type { DocumentType } from '../screening/input-vocabulary';
import {
  CreditReportSummary,
  DocumentsSummary,
  EducationSummary,
  GeolocationSummary,
  LaborBackgroundSummary,
  LegalBackgroundSummary,
  NewsSummary,
  ReferencesSummary,
  WatchListScreeningSummary,
} from '../screening/summaries';
import { SOURCE_TITLES } from '../watch-lists/sources';
import { agree, countOf, groupThousands, joinList, pesos } from './spanish';

/**
 * The executive summary of each process written as Spanish sentences for a printed report: what
 * an HR reader needs to know, never the raw fields. One function per summary type; the catalogue
 * (screening/process-types.ts) says which one a process uses, and summarySentences (candidate-report.ts)
 * calls it.
 */

export const NO_SUMMARY = 'El proceso no dejó un resumen ejecutivo.';

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** `2026-11-20` as `20 de noviembre de 2026`. */
function longDate(date: string): string {
  return `${Number(date.slice(8, 10))} de ${MONTHS[Number(date.slice(5, 7)) - 1]} de ${date.slice(0, 4)}`;
}

/**
 * A date as a person reads it, however much of it is known: `20 de noviembre de 2026`,
 * `noviembre de 1968`, `1968`; anything else as it is.
 */
export function spanishDate(date: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return longDate(date);
  if (/^\d{4}-\d{2}$/.test(date) && MONTHS[Number(date.slice(5, 7)) - 1])
    return `${MONTHS[Number(date.slice(5, 7)) - 1]} de ${date.slice(0, 4)}`;
  return date;
}

/** A list's date as the report names it: `al 20 de noviembre de 2026`, or `sin fecha` when its files carry none. */
function listDate(asOf: string | null): string {
  return asOf ? `al ${longDate(asOf)}` : 'sin fecha';
}

/**
 * Peps, SAT and global lists alike: each list read with its date and how many matches; each match
 * is then explained on its own (match-explanations.ts).
 */
export function watchListSentences(summary: WatchListScreeningSummary): string[] {
  if (summary.listsChecked.length === 0)
    return ['No había ninguna versión importada de las listas de este proceso: no se pudo revisar.'];
  const lists = summary.listsChecked.map((l) => `${SOURCE_TITLES[l.source]} (${listDate(l.asOf)})`);
  const checked = `${agree(lists.length, 'Lista revisada', 'Listas revisadas')}: ${joinList(lists)}.`;
  if (summary.matches.length === 0) return [checked, 'Sin coincidencias.'];
  return [
    checked,
    `Se ${agree(summary.matches.length, 'encontró', 'encontraron')} ${countOf(summary.matches.length, 'coincidencia', 'coincidencias')}.`,
  ];
}

/** "Coincidencia con «AISPURO MORENO, Oscar» en OFAC, lista SDN (SDNTK), puntuación 1.00." */
export function matchSentence(
  m: Pick<
    WatchListScreeningSummary['matches'][number],
    'decision' | 'listedName' | 'source' | 'listStatus' | 'score'
  >,
): string {
  return (
    `${m.decision === 'match' ? 'Coincidencia' : 'Posible coincidencia'} con «${m.listedName}» en ` +
    `${SOURCE_TITLES[m.source]}${m.listStatus ? ` (${m.listStatus})` : ''}, puntuación ${m.score.toFixed(2)}.`
  );
}

export function creditReportSentences(summary: CreditReportSummary): string[] {
  const arrears =
    summary.accountsInArrears === 0
      ? 'ninguna con pagos atrasados'
      : `${summary.accountsInArrears} con pagos atrasados`;
  return [
    `Puntaje crediticio de ${summary.score} puntos (escala de 300 a 850).`,
    `Tiene ${countOf(summary.openAccounts, 'cuenta abierta', 'cuentas abiertas')}; ${arrears}.`,
    `Deuda total: ${pesos(summary.totalDebtMxn)}.`,
  ];
}

export function legalBackgroundSentences(summary: LegalBackgroundSummary): string[] {
  if (summary.lawsuitsFound === 0)
    return ['No se encontraron juicios a su nombre en los registros judiciales.'];
  const asDefendant =
    summary.asDefendant === 0
      ? 'ninguno como parte demandada'
      : `${summary.asDefendant} de ellos como parte demandada`;
  return [
    `Se ${agree(summary.lawsuitsFound, 'encontró', 'encontraron')} ${countOf(summary.lawsuitsFound, 'juicio', 'juicios')} a su nombre en los registros judiciales, ${asDefendant}.`,
    ...(summary.categories.length > 0
      ? [`${summary.categories.length === 1 ? 'Materia' : 'Materias'}: ${joinList(summary.categories)}.`]
      : []),
  ];
}

export function newsSentences(summary: NewsSummary): string[] {
  if (summary.articlesFound === 0) return ['No se encontraron notas periodísticas sobre la persona.'];
  const adverse =
    summary.adverseArticles === 0
      ? summary.articlesFound === 1
        ? 'no es adversa'
        : 'ninguna es adversa'
      : `${summary.adverseArticles} ${summary.adverseArticles === 1 ? 'es adversa' : 'son adversas'}`;
  return [
    `Se ${agree(summary.articlesFound, 'revisó', 'revisaron')} ${countOf(summary.articlesFound, 'nota periodística', 'notas periodísticas')}; ${adverse}.`,
  ];
}

export function laborBackgroundSentences(summary: LaborBackgroundSummary): string[] {
  if (summary.lawsuitsAsWorker === 0 && summary.lawsuitsAsEmployer === 0)
    return ['No tiene demandas laborales como trabajador ni como empleador.'];
  return [
    `Demandas laborales: ${summary.lawsuitsAsWorker} como trabajador y ${summary.lawsuitsAsEmployer} como empleador.`,
  ];
}

export function educationSentences(summary: EducationSummary): string[] {
  const degree = `grado de ${summary.level.toLowerCase()}`;
  return [
    summary.degreeVerified
      ? `Se verificó su ${degree} en ${summary.institution}.`
      : `No se pudo verificar el ${degree} declarado en ${summary.institution}.`,
  ];
}

export function geolocationSentences(summary: GeolocationSummary): string[] {
  const distance = `${groupThousands(summary.distanceKm)} km`;
  if (!summary.addressVerified)
    return [`No se pudo verificar el domicilio declarado: la ubicación confirmada está a ${distance}.`];
  return [
    summary.distanceKm === 0
      ? 'Se verificó el domicilio declarado.'
      : `Se verificó el domicilio declarado, a ${distance} de la ubicación confirmada.`,
  ];
}

const DOCUMENT_NAMES: Record<DocumentType, string> = {
  INE: 'INE',
  PASAPORTE: 'pasaporte',
  CURP: 'CURP',
  ACTA_NACIMIENTO: 'acta de nacimiento',
  COMPROBANTE_DOMICILIO: 'comprobante de domicilio',
  TITULO: 'título profesional',
  CEDULA_PROFESIONAL: 'cédula profesional',
  CONSTANCIA_SITUACION_FISCAL: 'constancia de situación fiscal',
};

export function documentsSentences(summary: DocumentsSummary): string[] {
  if (summary.documentsReceived === 0) return ['El candidato no entregó documentos.'];
  const names = summary.types.map((type) => DOCUMENT_NAMES[type as DocumentType] ?? type);
  const received = `Se ${agree(summary.documentsReceived, 'recibió', 'recibieron')} ${countOf(summary.documentsReceived, 'documento', 'documentos')} (${joinList(names)})`;
  if (summary.documentsVerified === summary.documentsReceived)
    return [`${received} y ${summary.documentsReceived === 1 ? 'se verificó' : 'se verificaron todos'}.`];
  if (summary.documentsVerified === 0) return [`${received}; no se pudo verificar ninguno.`];
  return [
    `${received}; solo ${summary.documentsVerified === 1 ? 'se verificó 1' : `se verificaron ${summary.documentsVerified}`}.`,
  ];
}

export function referencesSentences(summary: ReferencesSummary, kind: 'personal' | 'laboral'): string[] {
  const plural = `referencias ${kind}es`;
  if (summary.referencesProvided === 0) return [`No se proporcionaron ${plural}.`];
  const provided =
    summary.referencesProvided === 1
      ? `1 referencia ${kind} proporcionada`
      : `${summary.referencesProvided} ${plural} proporcionadas`;
  return [
    `Se ${agree(summary.referencesConfirmed, 'confirmó', 'confirmaron')} ${summary.referencesConfirmed} de ${provided}.`,
  ];
}

export function unavailableSentences(): string[] {
  return ['El proveedor no respondió tras varios intentos, por lo que el resultado no está disponible.'];
}
