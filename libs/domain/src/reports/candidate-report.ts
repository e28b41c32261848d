import { formatLocalDateTime } from '../calendar';
import { processTypeOf } from '../screening/catalog';
import { overallResult, overallStatus } from '../screening/overview';
import { ProcessState } from '../screening/process-lifecycle';
import { LEGAL_RECORDS_SOURCE } from '../monitoring/monitor';
import { legalPersonsOfProcess, sameFinding, type Finding } from '../reviews/findings';
import {
  openDisputes,
  reviewedRequestResult,
  type DisputeRecord,
  type ProcessReview,
} from '../reviews/reviews';
import type { FinalResult } from '../screening/catalog';
import { maskIdentifier } from './masking';
import { reviewFacts, reviewSentences, type ReportedReview } from './review-lines';
import { watchListMatches, type ReportMatch } from './match-explanations';
import {
  Badge,
  pendingProcessSentence,
  progressSentence,
  requestStatusLabel,
  RESULT_LEGEND,
  resultBadge,
} from './report-labels';
import { NO_SUMMARY, unavailableSentences } from './summary-sentences';
import { spanishTimeZoneName } from './time-zone-names';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The summary of a finished process as sentences, written by its catalogue entry. */
export function summarySentences(processName: string, summary: unknown): string[] {
  if (!isObject(summary) || Object.keys(summary).length === 0) return [NO_SUMMARY];
  if (summary.providerAnswered === false) return unavailableSentences();
  const type = processTypeOf(processName);
  return type ? type.sentences(summary as never) : [NO_SUMMARY];
}

/** The matches a finished list process's summary explains (none for another process or no summary). */
export function summaryMatches(
  processName: string,
  summary: unknown,
  disputed: readonly Finding[] = [],
): ReportMatch[] {
  if (!processTypeOf(processName)?.watchLists?.length) return [];
  if (!isObject(summary) || !Array.isArray(summary.matches)) return [];
  const stored = summary as Parameters<typeof watchListMatches>[0];
  return watchListMatches(stored).map((match, i) =>
    disputed.some((d) => sameFinding(d, stored.matches[i]))
      ? { ...match, heading: `${match.heading} (en disputa)` }
      : match,
  );
}

/** The reviews of the request's monitor alerts, when it has any: their own section, after the processes. */
function monitoringSection(input: CandidateReportInput, timeZone: string): ReportSection[] {
  const alertReviews = (input.reviews ?? []).filter((r) => r.processId === null);
  if (alertReviews.length === 0) return [];
  return [
    {
      title: 'Monitoreo: alertas revisadas',
      badge: resultBadge(input.confirmedAlertResult ?? 'Aprobado'),
      facts: [{ label: 'Revisiones', value: String(alertReviews.length) }],
      sentences: reviewSentences(null, alertReviews, [], timeZone),
      matches: [],
    },
  ];
}

/** BGC Legal's persons, one sentence each, "en disputa" where the candidate disputes one. */
function legalPersonSentences(processName: string, summary: unknown, disputed: readonly Finding[]): string[] {
  return legalPersonsOfProcess({ name: processName, summary }).map((person) => {
    const defendant = person.asDefendant ? `, ${person.asDefendant} como parte demandada` : '';
    const lawsuits = person.lawsuits === 1 ? '1 juicio' : `${person.lawsuits} juicios`;
    const dispute = disputed.some((d) =>
      sameFinding(d, { source: LEGAL_RECORDS_SOURCE, entryId: person.entryId }),
    )
      ? ' (en disputa)'
      : '';
    return `Persona encontrada: «${person.fullName.normalize('NFC')}», ${lawsuits}${defendant}${dispute}.`;
  });
}

/** A process of the request as stored, with its executive summary once it has finished. */
export interface ReportProcessInput {
  id?: string;
  processName: string;
  status: string;
  result: string;
  /** Epoch milliseconds. */
  startDate: number | null;
  endDate: number | null;
  dependsOn: string | null;
  summary: unknown;
  /** The review of its findings (docs/reviews.md); null or absent without findings. */
  review?: ProcessReview | null;
}

/** Everything a report says about a candidate request, as read for the caller's client. */
export interface CandidateReportInput {
  requestId: string;
  clientId: string;
  clientName: string;
  packageId: string;
  packageName: string;
  personType: string;
  /** Epoch milliseconds. */
  createdAt: number;
  candidate: {
    name: string | null;
    lastName: string | null;
    secondLastName: string | null;
    businessName: string | null;
    rfc: string | null;
    curp: string | null;
  };
  /** The consent recorded at registration (docs/privacy.md, "Consent"); null for older requests. */
  consent?: { basis: string; noticeVersion: string } | null;
  processes: ReportProcessInput[];
  /** Every review of the request's findings, oldest first (docs/reviews.md). */
  reviews?: ReportedReview[];
  /** The candidate's disputes, oldest first. */
  disputes?: DisputeRecord[];
  /** The most severe result of the request's confirmed monitor alerts. */
  confirmedAlertResult?: FinalResult | null;
}

export interface ReportField {
  label: string;
  value: string;
}

export interface ReportSection {
  title: string;
  /** The result, shown as a badge. */
  badge: Badge;
  facts: ReportField[];
  sentences: string[];
  /** A finished list process's matches, each explained (labels, field by field); none for other processes. */
  matches: ReportMatch[];
}

/** The whole text of a report, decided here; a renderer only lays it out. */
export interface CandidateReport {
  /** Says PRELIMINAR while any process has not finished. */
  title: string;
  reference: string;
  /**
   * For a request with unfinished processes, the warning every page carries ("PRELIMINAR: ..."),
   * so that no page handed on alone passes for a final result; null once every process finished.
   */
  preliminary: string | null;
  fields: ReportField[];
  overall: { status: string; result: Badge; progress: string };
  /** What each result colour means. */
  legend: { title: string; entries: Array<{ badge: Badge; meaning: string }> };
  sectionsTitle: string;
  sections: ReportSection[];
  /** The confidentiality notice every page carries. */
  confidentiality: string;
  /** The one line that changes between two reports of the same data. */
  generatedAt: string;
  /** The last change of the data: the document's creation date, so the same data gives the same file. */
  documentDate: Date;
  metadata: { title: string; subject: string };
}

const NOT_GIVEN = 'No proporcionado';
const TITLE = 'Reporte de verificación de antecedentes';
const PRELIMINARY_TITLE = 'Reporte PRELIMINAR de verificación de antecedentes';

/** The warning of each page of an unfinished request, or null when every process has finished. */
export function preliminaryNotice(processes: readonly { status: string }[]): string | null {
  const open = processes.filter((p) => p.status !== 'Finalizado').length;
  if (open === 0) return null;
  const which = open === 1 ? '1 proceso sin terminar' : `${open} procesos sin terminar`;
  return `PRELIMINAR: ${which} de ${processes.length}; los resultados pueden cambiar.`;
}

/**
 * The confidentiality notice of every page: a report holds personal data (LFPDPPP) and goes from
 * hand to hand inside the client's hiring process.
 */
export function confidentialityNotice(clientName: string): string {
  return `Confidencial. Contiene datos personales tratados conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares; uso exclusivo de ${clientName} en su proceso de selección. Prohibida su reproducción o entrega a terceros.`;
}

/**
 * Text as stored, composed (NFC): "José" sent as `e` + a combining accent prints as the one
 * letter é, as every font and text search expects.
 */
const composed = (text: string): string => text.normalize('NFC');

function candidateName(input: CandidateReportInput): ReportField {
  const candidate = input.candidate;
  if (input.personType === 'corporate')
    return {
      label: 'Razón social',
      value: candidate.businessName ? composed(candidate.businessName) : NOT_GIVEN,
    };
  const name = [candidate.name, candidate.lastName, candidate.secondLastName]
    .filter((part) => part)
    .join(' ');
  return { label: 'Candidato', value: name ? composed(name) : NOT_GIVEN };
}

function lastChange(input: CandidateReportInput): Date {
  const instants = input.processes.flatMap((p) => [p.startDate ?? 0, p.endDate ?? 0]);
  return new Date(Math.max(input.createdAt, ...instants));
}

function section(reported: ReportProcessInput, input: CandidateReportInput, timeZone: string): ReportSection {
  const when = (instant: number | null, missing: string) =>
    instant === null ? missing : formatLocalDateTime(timeZone, instant);
  const pending = pendingProcessSentence(reported);
  const reviews = input.reviews ?? [];
  const disputes = input.disputes ?? [];
  const disputed = reported.id ? openDisputes(reported.id, disputes, reviews) : [];
  return {
    title: reported.processName,
    badge: resultBadge(reported.result),
    facts: [
      { label: 'Estado', value: reported.status },
      { label: 'Inicio', value: when(reported.startDate, 'Sin iniciar') },
      { label: 'Fin', value: when(reported.endDate, 'Sin terminar') },
      ...reviewFacts(reported.review),
    ],
    sentences:
      pending === null
        ? [
            ...summarySentences(reported.processName, reported.summary),
            ...legalPersonSentences(reported.processName, reported.summary, disputed),
            ...(reported.id ? reviewSentences(reported.id, reviews, disputes, timeZone) : []),
          ]
        : [pending],
    matches: pending === null ? summaryMatches(reported.processName, reported.summary, disputed) : [],
  };
}

/**
 * The report of a candidate request at any stage: who and for whom, the RFC and CURP masked, the
 * overall status and result, one section per process in package order (times in `timeZone`),
 * and when it was generated.
 */
/** "Versión 2026-01 (consentimiento tácito)": which notice the candidate's data is processed under. */
function privacyNoticeLine(consent: CandidateReportInput['consent']): string {
  if (!consent) return NOT_GIVEN;
  const basis = consent.basis === 'express' ? 'consentimiento expreso' : 'consentimiento tácito';
  return consent.noticeVersion
    ? `Versión ${consent.noticeVersion} (${basis})`
    : `Sin aviso registrado (${basis})`;
}

export function buildCandidateReport(
  input: CandidateReportInput,
  context: { timeZone: string; generatedAt: Date },
): CandidateReport {
  const { timeZone } = context;
  const zoneName = spanishTimeZoneName(timeZone);
  const preliminary = preliminaryNotice(input.processes);
  const states = input.processes.map((p) => ({ ...p, name: p.processName }) as unknown as ProcessState);
  const status = requestStatusLabel(overallStatus(states), input.processes);
  const result = resultBadge(overallResult(states));
  const reviewStates = states.map((state, i) => ({ ...state, review: input.processes[i].review ?? null }));
  const person = input.personType === 'corporate' ? 'Persona moral' : 'Persona física';
  return {
    title: preliminary ? PRELIMINARY_TITLE : TITLE,
    reference: `Solicitud ${input.requestId}`,
    preliminary,
    fields: [
      { label: 'Cliente', value: composed(input.clientName) },
      { label: 'Paquete', value: composed(`${input.packageName} (${input.packageId})`) },
      candidateName(input),
      { label: 'Tipo de persona', value: person },
      { label: 'RFC', value: maskIdentifier(input.candidate.rfc) ?? NOT_GIVEN },
      { label: 'CURP', value: maskIdentifier(input.candidate.curp) ?? NOT_GIVEN },
      { label: 'Aviso de privacidad', value: privacyNoticeLine(input.consent) },
      {
        label: 'Resultado revisado',
        value: reviewedRequestResult(reviewStates, input.confirmedAlertResult ?? null),
      },
      { label: 'Fecha de registro', value: formatLocalDateTime(timeZone, input.createdAt) },
      { label: 'Zona horaria', value: zoneName },
    ],
    overall: { status, result, progress: progressSentence(input.processes) },
    legend: {
      title: 'Cómo leer los resultados',
      entries: RESULT_LEGEND.map(({ result, meaning }) => ({ badge: resultBadge(result), meaning })),
    },
    sectionsTitle: `Procesos (${input.processes.length})`,
    sections: [
      ...input.processes.map((p) => section(p, input, timeZone)),
      ...monitoringSection(input, timeZone),
    ],
    confidentiality: confidentialityNotice(input.clientName),
    generatedAt: `Generado el ${formatLocalDateTime(timeZone, context.generatedAt, true)} (${zoneName})`,
    documentDate: lastChange(input),
    metadata: {
      title: `${preliminary ? 'Reporte PRELIMINAR' : 'Reporte'} de candidato ${input.requestId}`,
      subject: `Verificación de antecedentes para ${input.clientName}`,
    },
  };
}
