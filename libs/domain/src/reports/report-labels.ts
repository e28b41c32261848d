import { CANDIDATE_INPUT_RULES } from '../screening/candidate-input';
import { ProcessResult, processTypeOf, ProcessStatus, RequestStatus } from '../screening/catalog';
import { joinList } from './spanish';

/**
 * How alarming a result is, for the badge a report draws around it. The renderer picks the colour
 * (red for `danger` ... green for `success`); the domain decides which result is which.
 */
export type BadgeTone = 'danger' | 'warning' | 'caution' | 'success' | 'neutral' | 'unavailable';

export interface Badge {
  label: string;
  tone: BadgeTone;
}

const RESULT_TONE: Record<ProcessResult, BadgeTone> = {
  'Riesgo Alto': 'danger',
  'Riesgo Medio': 'warning',
  'Riesgo Bajo': 'caution',
  Aprobado: 'success',
  'No disponible': 'unavailable',
  Pendiente: 'neutral',
};

/**
 * What each result means, for the legend of a report, most severe first: a reader of a printed
 * report sees coloured badges and needs to know what each one asks of them.
 */
export const RESULT_LEGEND: ReadonlyArray<{ result: ProcessResult; meaning: string }> = [
  { result: 'Riesgo Alto', meaning: 'Hallazgos graves: revísalos antes de cualquier decisión.' },
  { result: 'Riesgo Medio', meaning: 'Hallazgos que conviene revisar antes de decidir.' },
  { result: 'Riesgo Bajo', meaning: 'Hallazgos menores; revísalos si el puesto lo amerita.' },
  { result: 'Aprobado', meaning: 'Sin hallazgos que requieran atención.' },
  { result: 'No disponible', meaning: 'La fuente no respondió tras varios intentos: no hay resultado.' },
  { result: 'Pendiente', meaning: 'El proceso aún no termina.' },
];

/** The badge of a process or overall result; an unknown value is shown as it is, in grey. */
export function resultBadge(result: string): Badge {
  return { label: result, tone: RESULT_TONE[result as ProcessResult] ?? 'neutral' };
}

/** The overall status (English on the wire, docs/behaviour.md) as a Spanish reader expects it. */
export const REQUEST_STATUS_LABEL: Record<RequestStatus, string> = {
  Pending: 'Pendiente de inicio',
  Processing: 'En proceso',
  Completed: 'Completado',
};

/**
 * `Completed` means nothing is left for the service to do now (docs/behaviour.md): while a process is not
 * finished, that can only be because the candidate has yet to supply something, and says so.
 */
export function requestStatusLabel(status: string, processes: readonly { status: string }[] = []): string {
  if (status === 'Completed' && processes.some((p) => p.status !== 'Finalizado'))
    return 'En espera del candidato';
  return REQUEST_STATUS_LABEL[status as RequestStatus] ?? status;
}

/** What the candidate must supply for a process that waits for them (from its catalogue entry). */
function candidateInputPrompt(processName: string): string | undefined {
  const kind = processTypeOf(processName)?.candidateInput;
  return kind ? CANDIDATE_INPUT_RULES[kind].prompt : undefined;
}

export interface ProcessProgress {
  processName: string;
  status: string;
  startDate: number | null;
  dependsOn?: string | null;
}

/** For a process that has not finished: why, in one sentence (null once it is `Finalizado`). */
export function pendingProcessSentence(p: ProcessProgress): string | null {
  switch (p.status as ProcessStatus) {
    case 'Finalizado':
      return null;
    case 'Pendiente Candidato':
      return `En espera de que el candidato ${candidateInputPrompt(p.processName) ?? 'proporcione la información solicitada'}.`;
    case 'Con dependencia':
      return p.dependsOn
        ? `Comenzará cuando termine el proceso ${p.dependsOn}.`
        : 'Comenzará cuando termine el proceso del que depende.';
    case 'En proceso':
      return p.startDate === null
        ? 'En cola: comenzará en breve.'
        : 'En ejecución: el resultado aún no está disponible.';
    default:
      return 'El resultado aún no está disponible.';
  }
}

/** "10 de 12 procesos finalizados; 2 esperan información del candidato." */
export function progressSentence(processes: readonly ProcessProgress[]): string {
  const finished = processes.filter((p) => p.status === 'Finalizado').length;
  const waiting = (status: ProcessStatus) => processes.filter((p) => p.status === status).length;
  const candidate = waiting('Pendiente Candidato');
  const dependency = waiting('Con dependencia');
  const running = waiting('En proceso');
  const open = [
    ...(running ? [`${running} en curso`] : []),
    ...(candidate ? [`${candidate} en espera de información del candidato`] : []),
    ...(dependency ? [`${dependency} en espera de otro proceso`] : []),
  ];
  const done = `${finished} de ${processes.length} ${processes.length === 1 ? 'proceso finalizado' : 'procesos finalizados'}`;
  return open.length ? `${done}; ${joinList(open)}.` : `${done}.`;
}

/** The footer of each page: "Página 1 de 2". */
export function pageLabel(page: number, pages: number): string {
  return `Página ${page} de ${pages}`;
}
