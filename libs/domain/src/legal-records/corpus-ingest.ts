import { isCalendarDate } from '../calendar';
import { normalizeName } from './names';
import { isRfc9562Uuid } from './rfc-uuid';
import { ROLES, Role } from './search-rules';

/** docs/operations.md: a person line of a corpus ingest file, as the corpus will store it. */
export interface IngestPerson {
  type: 'person';
  /** Lower case. */
  uuid: string;
  /** Trimmed, inner runs of spacing collapsed (as are the surnames). */
  givenNames: string;
  paternalSurname: string;
  maternalSurname: string | null;
  /** As the corpus spells it ("Nuevo León" for "nuevo leon"). */
  state: string;
}

/** docs/operations.md: a lawsuit line (docs/behaviour.md entry fields plus a category). */
export interface IngestLawsuit {
  type: 'lawsuit';
  id: string;
  personUuid: string;
  role: Role;
  category: string;
  judgementType: string;
  plaintiff: string;
  defendant: string;
  state: string;
  lawsuitType: string;
  /** YYYY-MM-DD. */
  agreementDate: string;
  fileNumber: string;
  source: string;
  court: string;
  circuit: string;
  synthesis: string;
  synthesisUrl: string;
  sourceUrl: string;
}

export type IngestRecord = IngestPerson | IngestLawsuit;

/** The corpus's closed vocabularies (docs/behaviour.md), spelled as the corpus stores them. */
export interface CorpusVocabulary {
  states: readonly string[];
  categories: readonly string[];
  /** Other names of states, and the state each one is ("CDMX" -> "Ciudad de México"). */
  stateAliases?: Readonly<Record<string, string>>;
}

export type IngestLineVerdict =
  | { ok: true; record: IngestRecord }
  | { ok: false; reason: string }
  /** A line with nothing but spacing: files often end with one. */
  | { ok: true; record: null };

/** Longest name field: the same bound as a search's names, so every ingested person can be searched. */
const MAX_NAME = 100;
const MAX_TEXT = 1_000;
const MAX_SYNTHESIS = 20_000;
const MAX_URL = 2_048;

// PostgreSQL text cannot hold NUL, and a lone surrogate would be stored as U+FFFD: refuse both
// rather than store something other than what the line says.
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /[\u0000\p{Cs}]/u;
// Names feed the match keys ("gl:juan|hernandez", keys joined by line breaks): no control
// character and no "|" in them.
const NOT_IN_NAMES = /[\p{Cc}|]/u;
const HTTP_URL = /^https?:\/\/[\x21-\x7e]+$/;

type Check = (value: unknown) => { value: unknown } | { reason: string };

function text(max: number, extra?: (value: string) => string | undefined): Check {
  return (value) => {
    if (typeof value !== 'string') return { reason: 'must be a string' };
    const trimmed = value.trim();
    if (trimmed.length === 0) return { reason: 'must not be empty' };
    if (UNSTORABLE.test(trimmed)) return { reason: 'holds a NUL character or a lone UTF-16 surrogate' };
    // Characters as a person sees them; a string no longer in UTF-16 units than `max` cannot have
    // more, which spares counting the (many) short ones.
    if (trimmed.length > max && [...trimmed.normalize('NFC')].length > max)
      return { reason: `must be at most ${max} characters` };
    const problem = extra?.(trimmed);
    return problem ? { reason: problem } : { value: trimmed };
  };
}

const name = text(MAX_NAME, (value) => {
  if (NOT_IN_NAMES.test(value)) return 'must not hold control characters or "|"';
  if (normalizeName(value).length === 0) return 'must contain letters';
  return undefined;
});
/** Names keep their spelling; only spacing is tidied ("María  José " -> "María José"). */
const tidyName: Check = (value) => {
  const checked = name(value);
  return 'value' in checked ? { value: (checked.value as string).replace(/\s+/g, ' ') } : checked;
};

const uuid: Check = (value) =>
  typeof value === 'string' && isRfc9562Uuid(value)
    ? { value: value.toLowerCase() }
    : { reason: 'must be an RFC 9562 UUID (8-4-4-4-12 hexadecimal digits, version 1 to 8, variant 10xx)' };

/** The longest lawsuit id a publisher may give. */
export const MAX_LAWSUIT_ID = 128;
/** Visible characters only: letters, digits, punctuation and symbols; no spaces or control characters. */
const VISIBLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]+$/u;

/**
 * A lawsuit's id is the publisher's own identifier (`EXP-1234/2026-J3C`): 1 to 128 visible
 * characters, kept as given. A UUID is one such identifier, kept lower case as the corpus has
 * always stored them, so a file that names an existing lawsuit by its UUID in capitals replaces it.
 */
const lawsuitId: Check = (value) => {
  if (typeof value !== 'string')
    return { reason: `must be a string of 1 to ${MAX_LAWSUIT_ID} visible characters` };
  if (isRfc9562Uuid(value)) return { value: value.toLowerCase() };
  const length = [...value].length;
  if (length === 0 || length > MAX_LAWSUIT_ID || !VISIBLE.test(value))
    return {
      reason: `must be the publisher's identifier: 1 to ${MAX_LAWSUIT_ID} visible characters, without spaces (e.g. EXP-1234/2026-J3C)`,
    };
  return { value };
};

const date: Check = (value) =>
  typeof value === 'string' && isCalendarDate(value)
    ? { value }
    : { reason: 'must be a calendar date written YYYY-MM-DD' };

const url = text(MAX_URL, (value) => {
  if (!HTTP_URL.test(value)) return 'must be an http or https URL without spaces or accents';
  try {
    new URL(value);
    return undefined;
  } catch {
    return 'must be an http or https URL';
  }
});

function oneOf(vocabulary: readonly string[], what: string, aliases: Record<string, string> = {}): Check {
  const byFolded = new Map([
    ...Object.entries(aliases).map(([alias, value]): [string, string] => [normalizeName(alias), value]),
    ...vocabulary.map((value): [string, string] => [normalizeName(value), value]),
  ]);
  // A file spells the same few values over and over: fold each spelling once.
  const bySpelling = new Map<string, string | undefined>();
  return (value) => {
    let spelled: string | undefined;
    if (typeof value === 'string') {
      if (!bySpelling.has(value) && bySpelling.size < 1_000)
        bySpelling.set(value, byFolded.get(normalizeName(value)));
      spelled = bySpelling.has(value) ? bySpelling.get(value) : byFolded.get(normalizeName(value));
    }
    return spelled === undefined
      ? { reason: `must be one of ${what}: ${vocabulary.join(', ')}` }
      : { value: spelled };
  };
}

const role: Check = (value) =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value)
    ? { value }
    : { reason: `must be ${ROLES.map((r) => `"${r}"`).join(' or ')}` };

interface Shape {
  required: Record<string, Check>;
  optional: Record<string, Check>;
}

function shapes(vocabulary: CorpusVocabulary): Record<IngestRecord['type'], Shape> {
  const state = oneOf(vocabulary.states, 'the 32 federal entities', { ...vocabulary.stateAliases });
  return {
    person: {
      required: { uuid, givenNames: tidyName, paternalSurname: tidyName, state },
      optional: { maternalSurname: tidyName },
    },
    lawsuit: {
      required: {
        id: lawsuitId,
        personUuid: uuid,
        role,
        category: oneOf(vocabulary.categories, 'the corpus categories'),
        judgementType: text(MAX_TEXT),
        plaintiff: text(MAX_TEXT),
        defendant: text(MAX_TEXT),
        state,
        lawsuitType: text(MAX_TEXT),
        agreementDate: date,
        fileNumber: text(MAX_TEXT),
        source: text(MAX_TEXT),
        court: text(MAX_TEXT),
        circuit: text(MAX_TEXT),
        synthesis: text(MAX_SYNTHESIS),
        synthesisUrl: url,
        sourceUrl: url,
      },
      optional: {},
    },
  };
}

/**
 * docs/operations.md: the rules a corpus ingest file's lines follow, line by line. A line is one JSON
 * object, `type` "person" or "lawsuit" with exactly the contract's fields; names, states and
 * categories are compared as the corpus folds them; a uuid or id given twice in one file is refused
 * (which line wins would be a guess). Whether a lawsuit's person exists is the corpus's to say.
 */
export class IngestFileRules {
  private readonly shapes: Record<IngestRecord['type'], Shape>;
  private readonly seen = new Map<string, number>();

  constructor(vocabulary: CorpusVocabulary) {
    this.shapes = shapes(vocabulary);
  }

  check(lineNumber: number, line: string): IngestLineVerdict {
    const content = lineNumber === 1 ? line.replace(/^\uFEFF/, '') : line;
    if (content.trim().length === 0) return { ok: true, record: null };
    let value: unknown;
    try {
      value = JSON.parse(content);
    } catch {
      return { ok: false, reason: 'is not valid JSON' };
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { ok: false, reason: 'must be one JSON object' };
    const fields = value as Record<string, unknown>;
    const type = fields.type;
    if (type !== 'person' && type !== 'lawsuit')
      return { ok: false, reason: 'type must be "person" or "lawsuit"' };
    const verdict = this.shaped(type, fields);
    if (!verdict.ok) return verdict;
    const record = verdict.record as IngestRecord;
    const key = record.type === 'person' ? `person uuid ${record.uuid}` : `lawsuit id ${record.id}`;
    const first = this.seen.get(key);
    if (first !== undefined) return { ok: false, reason: `${key} was already given on line ${first}` };
    this.seen.set(key, lineNumber);
    return verdict;
  }

  private shaped(type: IngestRecord['type'], fields: Record<string, unknown>): IngestLineVerdict {
    const { required, optional } = this.shapes[type];
    const reasons: string[] = [];
    const record: Record<string, unknown> = { type };
    for (const field of Object.keys(fields))
      if (field !== 'type' && !(field in required) && !(field in optional))
        reasons.push(`unknown field "${field}" for a ${type}`);
    for (const [field, check] of Object.entries({ ...required, ...optional })) {
      const value = fields[field];
      if (value === undefined || (value === null && field in optional)) {
        if (field in required) reasons.push(`${field} is required`);
        else record[field] = null;
        continue;
      }
      const checked = check(value);
      if ('reason' in checked) reasons.push(`${field} ${checked.reason}`);
      else record[field] = checked.value;
    }
    return reasons.length > 0
      ? { ok: false, reason: reasons.join('; ') }
      : { ok: true, record: record as unknown as IngestRecord };
  }
}
