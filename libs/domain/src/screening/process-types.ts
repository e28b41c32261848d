import {
  creditReportSentences,
  documentsSentences,
  educationSentences,
  geolocationSentences,
  laborBackgroundSentences,
  legalBackgroundSentences,
  newsSentences,
  referencesSentences,
  watchListSentences,
} from '../reports/summary-sentences';
import type { CandidateInputKind } from './input-vocabulary';
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
} from './summaries';
import type { WatchListSource } from '../watch-lists/entry';
import { SummaryOf, SummarySchema } from './summary-schema';

/**
 * Everything the service knows of a kind of process (docs/behaviour.md, docs/behaviour.md), in one entry. The
 * vocabulary (PROCESS_NAMES), the graph, what waits for the candidate, the validation of candidate
 * input, the summary's Swagger schema and the report's sentences are all derived from here. Adding
 * a process type: docs/extending.md.
 */
export interface ProcessTypeDefinition<N extends string = string, S extends SummarySchema = SummarySchema> {
  /** The name on the wire (Spanish, as in docs/behaviour.md). */
  name: N;
  /** The process it waits for (another entry's name); null: it starts at once. */
  dependsOn: string | null;
  /** What the candidate must supply before it can run (candidate-input.ts); null: nothing. */
  candidateInput: CandidateInputKind | null;
  /** docs/behaviour.md: a corporate registration skips it. */
  skippedForCorporate?: boolean;
  /** Its provider is given what the legal-records corpus says of the candidate (ProviderContext). */
  usesLegalRecords?: boolean;
  /**
   * It answers from these official list files (docs/watch-lists.md), not from a provider: the watch-list
   * adapter screens the candidate against their active versions.
   */
  watchLists?: readonly WatchListSource[];
  /** Its executive summary (summaries.ts). */
  summary: S;
  /** Its summary in Spanish sentences, for the printed report (reports/summary-sentences.ts). */
  sentences(summary: SummaryOf<S>): string[];
}

/**
 * Keeps each entry's name and watch lists literal (so the types can tell list processes from
 * provider processes) and types `sentences` by the entry's own summary.
 */
export function processType<
  const N extends string,
  S extends SummarySchema,
  const W extends readonly WatchListSource[] | undefined = undefined,
>(
  definition: ProcessTypeDefinition<N, S> & { watchLists?: W },
): ProcessTypeDefinition<N, S> & { watchLists: W } {
  return definition as ProcessTypeDefinition<N, S> & { watchLists: W };
}

/** The catalogue, in the order of docs/behaviour.md (the order of PROCESS_NAMES and of the API's enums). */
export const PROCESS_TYPES = [
  processType({
    name: 'Peps',
    dependsOn: null,
    candidateInput: null,
    watchLists: ['peps'],
    summary: WatchListScreeningSummary,
    sentences: watchListSentences,
  }),
  processType({
    name: 'Listas negras del SAT',
    dependsOn: null,
    candidateInput: null,
    watchLists: ['sat-69b', 'sat-69'],
    summary: WatchListScreeningSummary,
    sentences: watchListSentences,
  }),
  processType({
    name: 'Referencias Personales',
    dependsOn: null,
    candidateInput: 'personal-references',
    skippedForCorporate: true,
    summary: ReferencesSummary,
    sentences: (s) => referencesSentences(s, 'personal'),
  }),
  processType({
    name: 'Validación de estudios',
    dependsOn: 'Documentos',
    candidateInput: null,
    summary: EducationSummary,
    sentences: educationSentences,
  }),
  processType({
    name: 'BGC Laboral',
    dependsOn: null,
    candidateInput: null,
    summary: LaborBackgroundSummary,
    sentences: laborBackgroundSentences,
  }),
  processType({
    name: 'Global Watch List',
    dependsOn: null,
    candidateInput: null,
    watchLists: ['ofac-sdn', 'un-consolidated'],
    summary: WatchListScreeningSummary,
    sentences: watchListSentences,
  }),
  processType({
    name: 'Referencias Laborales',
    dependsOn: 'BGC Laboral',
    candidateInput: 'work-references',
    summary: ReferencesSummary,
    sentences: (s) => referencesSentences(s, 'laboral'),
  }),
  processType({
    name: 'Geolocalización',
    dependsOn: 'Documentos',
    candidateInput: null,
    summary: GeolocationSummary,
    sentences: geolocationSentences,
  }),
  processType({
    name: 'Documentos',
    dependsOn: null,
    candidateInput: 'documents',
    summary: DocumentsSummary,
    sentences: documentsSentences,
  }),
  processType({
    name: 'BGC News',
    dependsOn: null,
    candidateInput: null,
    summary: NewsSummary,
    sentences: newsSentences,
  }),
  processType({
    name: 'Reporte de Crédito',
    dependsOn: null,
    candidateInput: null,
    summary: CreditReportSummary,
    sentences: creditReportSentences,
  }),
  processType({
    name: 'BGC Legal',
    dependsOn: null,
    candidateInput: null,
    usesLegalRecords: true,
    summary: LegalBackgroundSummary,
    sentences: legalBackgroundSentences,
  }),
] as const;
