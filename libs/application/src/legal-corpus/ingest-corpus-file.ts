import { basename } from 'node:path';
import { IngestFileRules, IngestLawsuit, IngestPerson } from '@app/domain';
import { readJsonLines } from '@app/adapters/legal-corpus/json-lines.reader';
import {
  CORPUS_CATEGORIES,
  CorpusIngest,
  IngestLine,
  IngestOutcome,
  STATE_ALIASES,
  STATE_NAMES,
} from '@app/persistence/legal-corpus';
import type { SqlExecutor } from '@app/persistence/repositories/executor';

/** A reason the file was refused; `line` is null for the file as a whole. */
export interface IngestProblem {
  line: number | null;
  reason: string;
}

export type IngestReport =
  { ok: true; outcome: IngestOutcome } | { ok: false; problems: IngestProblem[]; morePossible: boolean };

/** Problems listed before reading stops: enough to fix a file, few enough to read. */
const MAX_PROBLEMS = 20;
/** Records staged per round trip while reading. */
const STAGE_EVERY = 5_000;

/**
 * docs/operations.md: ingests a JSON Lines file of persons and lawsuits into the corpus, all or nothing.
 * Every line is checked (the domain's IngestFileRules) while it is staged in the ingest's
 * transaction; a lawsuit must name a person of the file or of the corpus. Any problem rolls the
 * transaction back and the corpus is as it was; otherwise the ingest is applied and committed, and
 * the next search answers from it. `db` is one session of its own. (The sets the ingest retires
 * are deleted later by the processor's purge, not here.)
 */
export async function ingestCorpusFile(
  db: SqlExecutor,
  path: string,
  hooks: {
    onWait?: () => void;
    /** Hears each slow statement, and each phase (in brackets), with its milliseconds. */
    onStatement?: (what: string, ms: number) => void;
  } = {},
): Promise<IngestReport> {
  let phaseStarted = Date.now();
  const phase = (what: string) => {
    hooks.onStatement?.(`[${what}]`, Date.now() - phaseStarted);
    phaseStarted = Date.now();
  };
  const rules = new IngestFileRules({
    states: STATE_NAMES,
    categories: CORPUS_CATEGORIES,
    stateAliases: STATE_ALIASES,
  });
  const ingest = await CorpusIngest.begin(db, hooks.onWait);
  ingest.onStatement = hooks.onStatement;
  try {
    const problems: IngestProblem[] = [];
    let persons: Array<IngestLine<IngestPerson>> = [];
    let lawsuits: Array<IngestLine<IngestLawsuit>> = [];
    let records = 0;
    // Staging runs while the next lines are read and checked: one batch in flight at a time.
    let staging: Promise<void> = Promise.resolve();
    const stage = async () => {
      const [p, l] = [persons, lawsuits];
      persons = [];
      lawsuits = [];
      await staging;
      staging = (async () => {
        await ingest.stagePersons(p);
        await ingest.stageLawsuits(l);
      })();
      // Awaited before anything else is sent; meanwhile a failure must not count as unhandled.
      staging.catch(() => undefined);
    };
    for await (const { number, text } of readJsonLines(path)) {
      const verdict =
        text === null ? { ok: false as const, reason: 'is not UTF-8 text' } : rules.check(number, text);
      if (!verdict.ok) {
        problems.push({ line: number, reason: verdict.reason });
        if (problems.length >= MAX_PROBLEMS) break;
        continue;
      }
      if (verdict.record === null || problems.length > 0) continue;
      records++;
      if (verdict.record.type === 'person') persons.push({ line: number, record: verdict.record });
      else lawsuits.push({ line: number, record: verdict.record });
      if (persons.length + lawsuits.length >= STAGE_EVERY) await stage();
    }
    if (problems.length === 0 && records === 0)
      problems.push({ line: null, reason: 'holds no person or lawsuit' });
    if (problems.length === 0) {
      await stage();
      await staging;
      phase(`read, checked and staged ${records} records`);
      for (const { line, personUuid } of await ingest.lawsuitsOfUnknownPersons(MAX_PROBLEMS))
        problems.push({
          line,
          reason: `personUuid ${personUuid} is neither a person of the file nor of the corpus`,
        });
    }
    if (problems.length > 0) {
      await staging.catch(() => undefined);
      await ingest.rollback();
      return { ok: false, problems, morePossible: problems.length >= MAX_PROBLEMS };
    }
    phase('checked the lawsuits name known persons');
    const outcome = await ingest.apply(basename(path));
    phase('applied');
    await ingest.commit();
    phase('committed');
    return { ok: true, outcome };
  } catch (error) {
    await ingest.rollback().catch(() => undefined);
    throw error;
  }
}
