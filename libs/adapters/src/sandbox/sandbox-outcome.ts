import {
  CandidateIdentity,
  CreditReportSummary,
  DocumentsSummary,
  EducationSummary,
  GeolocationSummary,
  GlobalWatchListSummary,
  LaborBackgroundSummary,
  LegalBackgroundSummary,
  NewsSummary,
  PepsSummary,
  ProcessSummary,
  ReferencesSummary,
  SatBlacklistSummary,
  FinalResult,
  LegalMatchSummary,
  ProcessName,
} from '@app/domain';

export interface SandboxOutcome {
  result: FinalResult;
  summary: ProcessSummary;
  payload: Record<string, unknown>;
}

/** FNV-1a 32-bit: small, fast and stable across runs and machines. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A deterministic sequence of numbers in [0, 1) for one candidate and process. */
function dice(candidate: CandidateIdentity, processName: ProcessName): () => number {
  const identity = [
    candidate.name,
    candidate.lastName,
    candidate.secondLastName,
    candidate.birthDate,
    candidate.nationality,
    candidate.rfc,
    candidate.curp,
    candidate.businessName,
  ]
    .map((p) => (p ?? '').toString().toUpperCase())
    .join('|');
  let state = stableHash(`${identity}#${processName}`) || 1;
  return () => {
    // xorshift32
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x100000000;
  };
}

/** Plausible spread: most candidates are clean, some carry risk. */
function riskFromRoll(roll: number): FinalResult {
  if (roll < 0.6) return 'Aprobado';
  if (roll < 0.82) return 'Riesgo Bajo';
  if (roll < 0.94) return 'Riesgo Medio';
  return 'Riesgo Alto';
}

const pick = <T>(items: readonly T[], roll: number): T =>
  items[Math.floor(roll * items.length) % items.length];
const int = (roll: number, min: number, max: number) => min + Math.floor(roll * (max - min + 1));

const INSTITUTIONS = [
  'Secretaría de Hacienda',
  'Gobierno del Estado de Jalisco',
  'Ayuntamiento de Monterrey',
  'IMSS',
  'Cámara de Diputados',
];
const POSITIONS = ['Director de área', 'Subsecretario', 'Regidor', 'Coordinador general', 'Diputado local'];
const SCHOOLS = ['UNAM', 'IPN', 'Tecnológico de Monterrey', 'Universidad de Guadalajara', 'BUAP'];

/**
 * The sandbox provider's answer for one process: the same candidate always gets the same answer,
 * different candidates get varied, plausible ones.
 */
export function sandboxOutcome(
  processName: ProcessName,
  candidate: CandidateIdentity,
  extra: { legalMatches?: LegalMatchSummary; candidateInput?: unknown } = {},
): SandboxOutcome {
  const roll = dice(candidate, processName);
  const risk = riskFromRoll(roll());
  const level = ['Aprobado', 'Riesgo Bajo', 'Riesgo Medio', 'Riesgo Alto'].indexOf(risk); // 0..3
  let summary: ProcessSummary;
  let result: FinalResult = risk;

  switch (processName) {
    case 'Peps': {
      const positionsHeld = Array.from({ length: level }, () => {
        const from = int(roll(), 2005, 2020);
        return {
          position: pick(POSITIONS, roll()),
          institution: pick(INSTITUTIONS, roll()),
          from: `${from}-01-01`,
          to: roll() < 0.5 ? `${from + int(roll(), 1, 6)}-12-31` : null,
        };
      });
      summary = { isPep: level > 0, positionsHeld } satisfies PepsSummary;
      break;
    }
    case 'Listas negras del SAT':
      summary = {
        listed: level >= 2,
        situation69B: (['Sin registro', 'Desvirtuado', 'Presunto', 'Definitivo'] as const)[level],
      } satisfies SatBlacklistSummary;
      break;
    case 'Global Watch List': {
      const lists = ['OFAC SDN', 'ONU', 'UE', 'Interpol'] as const;
      const hitsPerList = lists.map((list, i) => ({ list, hits: i < level ? int(roll(), 1, 3) : 0 }));
      summary = {
        totalHits: hitsPerList.reduce((n, l) => n + l.hits, 0),
        hitsPerList,
      } satisfies GlobalWatchListSummary;
      break;
    }
    case 'Reporte de Crédito': {
      const score = [
        int(roll(), 720, 850),
        int(roll(), 650, 719),
        int(roll(), 560, 649),
        int(roll(), 300, 559),
      ][level];
      const openAccounts = int(roll(), 1, 9);
      summary = {
        score,
        openAccounts,
        accountsInArrears: Math.min(openAccounts, level),
        totalDebtMxn: int(roll(), 5, 400) * 1000,
      } satisfies CreditReportSummary;
      break;
    }
    case 'BGC Legal': {
      const found = extra.legalMatches ?? {
        lawsuitsFound: level === 0 ? 0 : int(roll(), level, level * 4),
        asDefendant: level > 1 ? level - 1 : 0,
        categories: level ? ['Civil'] : [],
      };
      summary = { ...found } satisfies LegalBackgroundSummary;
      result =
        found.lawsuitsFound === 0
          ? 'Aprobado'
          : found.asDefendant === 0
            ? 'Riesgo Bajo'
            : found.asDefendant < 3
              ? 'Riesgo Medio'
              : 'Riesgo Alto';
      break;
    }
    case 'BGC News': {
      const articlesFound = int(roll(), 0, 12);
      summary = { articlesFound, adverseArticles: Math.min(articlesFound, level) } satisfies NewsSummary;
      break;
    }
    case 'BGC Laboral':
      summary = {
        lawsuitsAsWorker: level,
        lawsuitsAsEmployer: level > 2 ? 1 : 0,
      } satisfies LaborBackgroundSummary;
      break;
    case 'Validación de estudios':
      summary = {
        degreeVerified: level < 2,
        institution: pick(SCHOOLS, roll()),
        level: pick(
          ['Bachillerato', 'Licenciatura', 'Licenciatura', 'Maestría', 'Doctorado'] as const,
          roll(),
        ),
      } satisfies EducationSummary;
      break;
    case 'Geolocalización':
      summary = {
        addressVerified: level < 2,
        distanceKm: [0, int(roll(), 1, 5), int(roll(), 6, 40), int(roll(), 41, 400)][level],
      } satisfies GeolocationSummary;
      break;
    case 'Documentos': {
      const docs = documentsOf(extra.candidateInput);
      const verified = Math.max(0, docs.length - (level >= 2 ? 1 : 0));
      summary = {
        documentsReceived: docs.length,
        documentsVerified: verified,
        types: docs,
      } satisfies DocumentsSummary;
      result = verified === docs.length ? (level === 1 ? 'Riesgo Bajo' : 'Aprobado') : risk;
      break;
    }
    case 'Referencias Personales':
    case 'Referencias Laborales': {
      const provided = referencesOf(extra.candidateInput);
      const confirmed = Math.max(0, provided - (level >= 2 ? level - 1 : 0));
      summary = { referencesProvided: provided, referencesConfirmed: confirmed } satisfies ReferencesSummary;
      result = confirmed === provided ? (level === 1 ? 'Riesgo Bajo' : 'Aprobado') : risk;
      break;
    }
  }
  return {
    result,
    summary,
    payload: { process: processName, decision: result, evidence: summary, scoreRoll: Number(level) },
  };
}

function documentsOf(input: unknown): string[] {
  const docs = (input as { documents?: Array<{ type?: string }> } | undefined)?.documents;
  return Array.isArray(docs) ? docs.map((d) => String(d.type)) : [];
}

function referencesOf(input: unknown): number {
  const refs = (input as { references?: unknown[] } | undefined)?.references;
  return Array.isArray(refs) ? refs.length : 0;
}
