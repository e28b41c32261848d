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

export function pepsSentences(s: PepsSummary): string[] {
  if (!s.isPep) return ['No se identificó como persona políticamente expuesta (PEP).'];
  const positions = s.positionsHeld.map(
    (p) =>
      `${p.position} en ${p.institution}, ` +
      (p.to === null ? `desde ${year(p.from)} y hasta la fecha.` : `de ${year(p.from)} a ${year(p.to)}.`),
  );
  return [
    `Se identificó como persona políticamente expuesta (PEP), con ${countOf(positions.length, 'cargo público registrado', 'cargos públicos registrados')}.`,
    ...positions,
  ];
}

export function satBlacklistSentences(s: SatBlacklistSummary): string[] {
  return [
    s.listed ? 'Aparece en las listas negras del SAT.' : 'No aparece en las listas negras del SAT.',
    `Situación ante el artículo 69-B del Código Fiscal de la Federación: ${s.situation69B.toLowerCase()}.`,
  ];
}

export function globalWatchListSentences(s: GlobalWatchListSummary): string[] {
  if (s.totalHits === 0)
    return [
      `Sin coincidencias en las listas internacionales revisadas (${joinList(s.hitsPerList.map((l) => l.list))}).`,
    ];
  const lists = s.hitsPerList.filter((l) => l.hits > 0).map((l) => `${l.list} (${l.hits})`);
  return [
    `Se ${agree(s.totalHits, 'encontró', 'encontraron')} ${countOf(s.totalHits, 'coincidencia', 'coincidencias')} en listas internacionales: ${joinList(lists)}.`,
  ];
}

export function creditReportSentences(s: CreditReportSummary): string[] {
  const arrears =
    s.accountsInArrears === 0 ? 'ninguna con pagos atrasados' : `${s.accountsInArrears} con pagos atrasados`;
  return [
    `Puntaje crediticio de ${s.score} puntos (escala de 300 a 850).`,
    `Tiene ${countOf(s.openAccounts, 'cuenta abierta', 'cuentas abiertas')}; ${arrears}.`,
    `Deuda total: ${pesos(s.totalDebtMxn)}.`,
  ];
}

export function legalBackgroundSentences(s: LegalBackgroundSummary): string[] {
  if (s.lawsuitsFound === 0) return ['No se encontraron juicios a su nombre en los registros judiciales.'];
  const asDefendant =
    s.asDefendant === 0 ? 'ninguno como parte demandada' : `${s.asDefendant} de ellos como parte demandada`;
  return [
    `Se ${agree(s.lawsuitsFound, 'encontró', 'encontraron')} ${countOf(s.lawsuitsFound, 'juicio', 'juicios')} a su nombre en los registros judiciales, ${asDefendant}.`,
    ...(s.categories.length > 0
      ? [`${s.categories.length === 1 ? 'Materia' : 'Materias'}: ${joinList(s.categories)}.`]
      : []),
  ];
}

export function newsSentences(s: NewsSummary): string[] {
  if (s.articlesFound === 0) return ['No se encontraron notas periodísticas sobre la persona.'];
  const adverse =
    s.adverseArticles === 0
      ? s.articlesFound === 1
        ? 'no es adversa'
        : 'ninguna es adversa'
      : `${s.adverseArticles} ${s.adverseArticles === 1 ? 'es adversa' : 'son adversas'}`;
  return [
    `Se ${agree(s.articlesFound, 'revisó', 'revisaron')} ${countOf(s.articlesFound, 'nota periodística', 'notas periodísticas')}; ${adverse}.`,
  ];
}

export function laborBackgroundSentences(s: LaborBackgroundSummary): string[] {
  if (s.lawsuitsAsWorker === 0 && s.lawsuitsAsEmployer === 0)
    return ['No tiene demandas laborales como trabajador ni como empleador.'];
  return [
    `Demandas laborales: ${s.lawsuitsAsWorker} como trabajador y ${s.lawsuitsAsEmployer} como empleador.`,
  ];
}

export function educationSentences(s: EducationSummary): string[] {
  const degree = `grado de ${s.level.toLowerCase()}`;
  return [
    s.degreeVerified
      ? `Se verificó su ${degree} en ${s.institution}.`
      : `No se pudo verificar el ${degree} declarado en ${s.institution}.`,
  ];
}

export function geolocationSentences(s: GeolocationSummary): string[] {
  const distance = `${groupThousands(s.distanceKm)} km`;
  if (!s.addressVerified)
    return [`No se pudo verificar el domicilio declarado: la ubicación confirmada está a ${distance}.`];
  return [
    s.distanceKm === 0
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

export function documentsSentences(s: DocumentsSummary): string[] {
  if (s.documentsReceived === 0) return ['El candidato no entregó documentos.'];
  const names = s.types.map((type) => DOCUMENT_NAMES[type as DocumentType] ?? type);
  const received = `Se ${agree(s.documentsReceived, 'recibió', 'recibieron')} ${countOf(s.documentsReceived, 'documento', 'documentos')} (${joinList(names)})`;
  if (s.documentsVerified === s.documentsReceived)
    return [`${received} y ${s.documentsReceived === 1 ? 'se verificó' : 'se verificaron todos'}.`];
  if (s.documentsVerified === 0) return [`${received}; no se pudo verificar ninguno.`];
  return [
    `${received}; solo ${s.documentsVerified === 1 ? 'se verificó 1' : `se verificaron ${s.documentsVerified}`}.`,
  ];
}

export function referencesSentences(s: ReferencesSummary, kind: 'personal' | 'laboral'): string[] {
  const plural = `referencias ${kind}es`;
  if (s.referencesProvided === 0) return [`No se proporcionaron ${plural}.`];
  const provided =
    s.referencesProvided === 1
      ? `1 referencia ${kind} proporcionada`
      : `${s.referencesProvided} ${plural} proporcionadas`;
  return [
    `Se ${agree(s.referencesConfirmed, 'confirmó', 'confirmaron')} ${s.referencesConfirmed} de ${provided}.`,
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
