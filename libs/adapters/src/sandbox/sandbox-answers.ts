import {
  CreditReportSummary,
  DocumentsSummary,
  EducationSummary,
  FinalResult,
  GeolocationSummary,
  legalBackgroundResult,
  LaborBackgroundSummary,
  LegalBackgroundSummary,
  NewsSummary,
  ProcessSummary,
  ProviderProcessName,
  ProviderContext,
  ReferencesSummary,
} from '@app/domain';
import { int, pick } from './sandbox-dice';

/** What the sandbox's answer for one process can use: the candidate's dice and the call's context. */
export interface SandboxRoll {
  /** The next number in [0, 1) of this candidate and process. */
  roll: () => number;
  /** 0 (clean) to 3 (high risk), rolled first. */
  level: number;
  /** The result that level means, unless the answer decides otherwise. */
  risk: FinalResult;
  context: ProviderContext;
}

/**
 * One process type's sandbox answer: its summary (each answer types it with its own summary type),
 * and its result when not `risk`.
 */
export type SandboxAnswer = (dice: SandboxRoll) => { summary: ProcessSummary | object; result?: FinalResult };

const SCHOOLS = ['UNAM', 'IPN', 'Tecnológico de Monterrey', 'Universidad de Guadalajara', 'BUAP'];

/** Both kinds of references: how many the candidate gave, how many were confirmed. */
function referencesAnswer({ level, risk, context }: SandboxRoll): ReturnType<SandboxAnswer> {
  const provided = referencesOf(context.candidateInput);
  const confirmed = Math.max(0, provided - (level >= 2 ? level - 1 : 0));
  const summary: ReferencesSummary = { referencesProvided: provided, referencesConfirmed: confirmed };
  const result: FinalResult = confirmed === provided ? (level === 1 ? 'Riesgo Bajo' : 'Aprobado') : risk;
  return { summary, result };
}

/**
 * The sandbox provider's answer per provider process type: plausible, varied, and the same for the
 * same candidate. A new process type adds its answer here (TypeScript refuses a catalogue entry
 * without one); the list processes answer from the lists' files instead (watch-lists/).
 */
export const SANDBOX_ANSWERS: Readonly<Record<ProviderProcessName, SandboxAnswer>> = {
  'Reporte de Crédito': ({ roll, level }) => {
    const score = [
      int(roll(), 720, 850),
      int(roll(), 650, 719),
      int(roll(), 560, 649),
      int(roll(), 300, 559),
    ][level];
    const openAccounts = int(roll(), 1, 9);
    const summary: CreditReportSummary = {
      score,
      openAccounts,
      accountsInArrears: Math.min(openAccounts, level),
      totalDebtMxn: int(roll(), 5, 400) * 1000,
    };
    return { summary };
  },
  'BGC Legal': ({ roll, level, context }) => {
    const found = context.legalMatches ?? {
      lawsuitsFound: level === 0 ? 0 : int(roll(), level, level * 4),
      asDefendant: level > 1 ? level - 1 : 0,
      categories: level ? ['Civil'] : [],
      persons: [],
    };
    const summary: LegalBackgroundSummary = {
      ...found,
      persons: found.persons.map((person) => ({ ...person, disputed: false })),
    };
    return { summary, result: legalBackgroundResult(found) };
  },
  'BGC News': ({ roll, level }) => {
    const articlesFound = int(roll(), 0, 12);
    const summary: NewsSummary = { articlesFound, adverseArticles: Math.min(articlesFound, level) };
    return { summary };
  },
  'BGC Laboral': ({ level }) => {
    const summary: LaborBackgroundSummary = {
      lawsuitsAsWorker: level,
      lawsuitsAsEmployer: level > 2 ? 1 : 0,
    };
    return { summary };
  },
  'Validación de estudios': ({ roll, level }) => {
    const summary: EducationSummary = {
      degreeVerified: level < 2,
      institution: pick(SCHOOLS, roll()),
      level: pick(['Bachillerato', 'Licenciatura', 'Licenciatura', 'Maestría', 'Doctorado'] as const, roll()),
    };
    return { summary };
  },
  Geolocalización: ({ roll, level }) => {
    const summary: GeolocationSummary = {
      addressVerified: level < 2,
      distanceKm: [0, int(roll(), 1, 5), int(roll(), 6, 40), int(roll(), 41, 400)][level],
    };
    return { summary };
  },
  Documentos: ({ level, risk, context }) => {
    const docs = documentsOf(context.candidateInput);
    const verified = Math.max(0, docs.length - (level >= 2 ? 1 : 0));
    const summary: DocumentsSummary = {
      documentsReceived: docs.length,
      documentsVerified: verified,
      types: docs,
    };
    const result: FinalResult = verified === docs.length ? (level === 1 ? 'Riesgo Bajo' : 'Aprobado') : risk;
    return { summary, result };
  },
  'Referencias Personales': referencesAnswer,
  'Referencias Laborales': referencesAnswer,
};

function documentsOf(input: unknown): string[] {
  const docs = (input as { documents?: Array<{ type?: string }> } | undefined)?.documents;
  return Array.isArray(docs) ? docs.map((d) => String(d.type)) : [];
}

function referencesOf(input: unknown): number {
  const refs = (input as { references?: unknown[] } | undefined)?.references;
  return Array.isArray(refs) ? refs.length : 0;
}

/**
 * The sandbox's stand-in for a list process (SANDBOX_LIST_PROCESSES, a benchmark's baseline): no
 * list read, nothing matched.
 */
export const SANDBOX_LIST_ANSWER: SandboxAnswer = () => ({
  summary: { listsChecked: [], matches: [] },
  result: 'Aprobado',
});
