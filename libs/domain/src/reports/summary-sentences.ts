import { DocumentType, ProcessName } from '../screening/catalog';
import {
  CreditReportSummary,
  DocumentsSummary,
  EducationSummary,
  GeolocationSummary,
  GlobalWatchListSummary,
  LaborBackgroundSummary,
  LegalBackgroundSummary,
  NewsSummary,
  PepsSummary,
  ReferencesSummary,
  SatBlacklistSummary,
} from '../screening/sandbox/summaries';
import { agree, countOf, groupThousands, joinList, pesos } from './spanish';

/**
 * The executive summary of each process written as Spanish sentences for a printed report: what
 * an HR reader needs to know, never the raw fields. One function per summary type.
 */

export const NO_SUMMARY = 'El proceso no dejó un resumen ejecutivo.';

const year = (date: string) => date.slice(0, 4);

export function pepsSentences(summary: PepsSummary): string[] {
  if (!summary.isPep) return ['No se identificó como persona políticamente expuesta (PEP).'];
  const positions = summary.positionsHeld.map(
    (p) =>
      `${p.position} en ${p.institution}, ` +
      (p.to === null ? `desde ${year(p.from)} y hasta la fecha.` : `de ${year(p.from)} a ${year(p.to)}.`),
  );
  return [
    `Se identificó como persona políticamente expuesta (PEP), con ${countOf(positions.length, 'cargo público registrado', 'cargos públicos registrados')}.`,
    ...positions,
  ];
}

export function satBlacklistSentences(summary: SatBlacklistSummary): string[] {
  return [
    summary.listed ? 'Aparece en las listas negras del SAT.' : 'No aparece en las listas negras del SAT.',
    `Situación ante el artículo 69-B del Código Fiscal de la Federación: ${summary.situation69B.toLowerCase()}.`,
  ];
}

export function globalWatchListSentences(summary: GlobalWatchListSummary): string[] {
  if (summary.totalHits === 0)
    return [
      `Sin coincidencias en las listas internacionales revisadas (${joinList(summary.hitsPerList.map((l) => l.list))}).`,
    ];
  const lists = summary.hitsPerList.filter((l) => l.hits > 0).map((l) => `${l.list} (${l.hits})`);
  return [
    `Se ${agree(summary.totalHits, 'encontró', 'encontraron')} ${countOf(summary.totalHits, 'coincidencia', 'coincidencias')} en listas internacionales: ${joinList(lists)}.`,
  ];
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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Each process's summary as sentences. */
const SENTENCES_OF: Partial<Record<ProcessName, (summary: never) => string[]>> = {
  Peps: pepsSentences,
  'Listas negras del SAT': satBlacklistSentences,
  'Global Watch List': globalWatchListSentences,
  'Reporte de Crédito': creditReportSentences,
  'BGC Legal': legalBackgroundSentences,
  'BGC News': newsSentences,
  'BGC Laboral': laborBackgroundSentences,
  'Validación de estudios': educationSentences,
  Geolocalización: geolocationSentences,
  Documentos: documentsSentences,
  'Referencias Personales': (summary: ReferencesSummary) => referencesSentences(summary, 'personal'),
  'Referencias Laborales': (summary: ReferencesSummary) => referencesSentences(summary, 'laboral'),
};

/** The summary of a finished process as sentences, chosen by the process it belongs to. */
export function summarySentences(processName: string, summary: unknown): string[] {
  if (!isObject(summary) || Object.keys(summary).length === 0) return [NO_SUMMARY];
  if (summary.providerAnswered === false) return unavailableSentences();
  const sentences = Object.hasOwn(SENTENCES_OF, processName)
    ? SENTENCES_OF[processName as ProcessName]
    : undefined;
  return sentences ? sentences(summary as never) : [NO_SUMMARY];
}
