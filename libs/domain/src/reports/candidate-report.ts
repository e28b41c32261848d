import { formatLocalDateTime } from '../calendar';
import { overallResult, overallStatus } from '../screening/overview';
import { ProcessState } from '../screening/process-lifecycle';
import { maskIdentifier } from './masking';
import {
  Badge,
  pendingProcessSentence,
  progressSentence,
  requestStatusLabel,
  resultBadge,
} from './report-labels';
import { summarySentences } from './summary-sentences';

/** A process of the request as stored, with its executive summary once it has finished. */
export interface ReportProcessInput {
  processName: string;
  status: string;
  result: string;
  /** Epoch milliseconds. */
  startDate: number | null;
  endDate: number | null;
  dependsOn: string | null;
  summary: unknown;
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
  processes: ReportProcessInput[];
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
}

/** The whole text of a report, decided here; a renderer only lays it out. */
export interface CandidateReport {
  title: string;
  reference: string;
  fields: ReportField[];
  overall: { status: string; result: Badge; progress: string };
  sectionsTitle: string;
  sections: ReportSection[];
  /** The one line that changes between two reports of the same data. */
  generatedAt: string;
  /** The last change of the data: the document's creation date, so the same data gives the same file. */
  documentDate: Date;
  metadata: { title: string; subject: string };
}

const NOT_GIVEN = 'No proporcionado';

function candidateName(input: CandidateReportInput): ReportField {
  const candidate = input.candidate;
  if (input.personType === 'corporate')
    return { label: 'Razón social', value: candidate.businessName ?? NOT_GIVEN };
  const name = [candidate.name, candidate.lastName, candidate.secondLastName]
    .filter((part) => part)
    .join(' ');
  return { label: 'Candidato', value: name || NOT_GIVEN };
}

function lastChange(input: CandidateReportInput): Date {
  const instants = input.processes.flatMap((p) => [p.startDate ?? 0, p.endDate ?? 0]);
  return new Date(Math.max(input.createdAt, ...instants));
}

function section(reported: ReportProcessInput, timeZone: string): ReportSection {
  const when = (instant: number | null, missing: string) =>
    instant === null ? missing : formatLocalDateTime(timeZone, instant);
  const pending = pendingProcessSentence(reported);
  return {
    title: reported.processName,
    badge: resultBadge(reported.result),
    facts: [
      { label: 'Estado', value: reported.status },
      { label: 'Inicio', value: when(reported.startDate, 'Sin iniciar') },
      { label: 'Fin', value: when(reported.endDate, 'Sin terminar') },
    ],
    sentences: pending === null ? summarySentences(reported.processName, reported.summary) : [pending],
  };
}

/**
 * The report of a candidate request at any stage: who and for whom, the RFC and CURP masked, the
 * overall status and result, one section per process in package order (times in `timeZone`),
 * and when it was generated.
 */
export function buildCandidateReport(
  input: CandidateReportInput,
  context: { timeZone: string; generatedAt: Date },
): CandidateReport {
  const { timeZone } = context;
  const states = input.processes.map((p) => ({ ...p, name: p.processName }) as unknown as ProcessState);
  const status = requestStatusLabel(overallStatus(states), input.processes);
  const result = resultBadge(overallResult(states));
  const person = input.personType === 'corporate' ? 'Persona moral' : 'Persona física';
  return {
    title: 'Reporte de verificación de antecedentes',
    reference: `Solicitud ${input.requestId}`,
    fields: [
      { label: 'Cliente', value: input.clientName },
      { label: 'Paquete', value: `${input.packageName} (${input.packageId})` },
      candidateName(input),
      { label: 'Tipo de persona', value: person },
      { label: 'RFC', value: maskIdentifier(input.candidate.rfc) ?? NOT_GIVEN },
      { label: 'CURP', value: maskIdentifier(input.candidate.curp) ?? NOT_GIVEN },
      { label: 'Fecha de registro', value: formatLocalDateTime(timeZone, input.createdAt) },
      { label: 'Zona horaria', value: timeZone },
    ],
    overall: { status, result, progress: progressSentence(input.processes) },
    sectionsTitle: `Procesos (${input.processes.length})`,
    sections: input.processes.map((p) => section(p, timeZone)),
    generatedAt: `Generado el ${formatLocalDateTime(timeZone, context.generatedAt, true)} (hora de ${timeZone})`,
    documentDate: lastChange(input),
    metadata: {
      title: `Reporte de candidato ${input.requestId}`,
      subject: `Verificación de antecedentes para ${input.clientName}`,
    },
  };
}
