import type { WatchListSource } from '../watch-lists/entry';
import { PROCESS_TYPES, ProcessTypeDefinition } from './process-types';

/** The vocabulary of docs/behaviour.md and docs/behaviour.md, exactly as it appears on the wire. */

/** The process types of the catalogue (process-types.ts), in its order. */
export type ProcessName = (typeof PROCESS_TYPES)[number]['name'];
export const PROCESS_NAMES: readonly ProcessName[] = PROCESS_TYPES.map((type) => type.name);

/** The processes that answer from official list files (docs/watch-lists.md), not from a provider. */
export type ListProcessName = Extract<
  (typeof PROCESS_TYPES)[number],
  { watchLists: readonly WatchListSource[] }
>['name'];
/** The processes a provider answers (the sandbox today). */
export type ProviderProcessName = Exclude<ProcessName, ListProcessName>;
export const PROVIDER_PROCESS_NAMES = PROCESS_TYPES.filter((type) => !type.watchLists).map(
  (type) => type.name,
) as ProviderProcessName[];

const TYPE_BY_NAME = new Map<string, ProcessTypeDefinition>(PROCESS_TYPES.map((type) => [type.name, type]));

/** The catalogue entry of a process type; undefined for a name the catalogue lacks. */
export function processTypeOf(name: string): ProcessTypeDefinition | undefined {
  return TYPE_BY_NAME.get(name);
}

export const NATIONALITIES = ['MX', 'DOM', 'GTM', 'HND', 'JAM', 'PAN'] as const;
export type Nationality = (typeof NATIONALITIES)[number];

export const GENDERS = ['H', 'M', 'X'] as const;
export type Gender = (typeof GENDERS)[number];

export const PERSON_TYPES = ['individual', 'corporate'] as const;
export type PersonType = (typeof PERSON_TYPES)[number];

export const PROCESS_STATUSES = [
  'En proceso',
  'Con dependencia',
  'Pendiente Candidato',
  'Finalizado',
] as const;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];

export const PROCESS_RESULTS = [
  'Pendiente',
  'Aprobado',
  'Riesgo Bajo',
  'Riesgo Medio',
  'Riesgo Alto',
  'No disponible',
] as const;
export type ProcessResult = (typeof PROCESS_RESULTS)[number];
/** A result a finished process can have. */
export type FinalResult = Exclude<ProcessResult, 'Pendiente'>;
export const FINAL_RESULTS: readonly FinalResult[] = PROCESS_RESULTS.filter(
  (result): result is FinalResult => result !== 'Pendiente',
);

export const REQUEST_STATUSES = ['Pending', 'Processing', 'Completed'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export { DOCUMENT_TYPES, type DocumentType } from './input-vocabulary';

export const CREDIT_REPORT: ProcessName = 'Reporte de Crédito';

/** The list sources a process answers from; empty for a provider process. */
export function watchListSourcesOf(name: string): readonly WatchListSource[] {
  return processTypeOf(name)?.watchLists ?? [];
}

/** The process each list source answers for (`GET /watch-lists`). */
export function processOfSource(source: WatchListSource): ProcessName {
  const type = PROCESS_TYPES.find((t) => (t.watchLists as readonly string[] | undefined)?.includes(source));
  if (!type) throw new Error(`No process reads the ${source} list`);
  return type.name;
}
