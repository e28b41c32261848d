/**
 * Helpers of the corpus-ingest specs: ingest files and the CLI that takes them, and an answer
 * computed from scratch (the contract's matching rule over the raw persons and lawsuits, none of
 * the corpus's derived columns, keys or sets) to compare searches with.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { givenNameWords, normalizeName } from '@app/domain';
import { CORPUS_CATEGORIES } from '@app/persistence/legal-corpus/vocabulary';
import { withDb } from './helpers';
import { ROOT, readState } from './stack';

export type Line = Record<string, unknown>;

const dir = mkdtempSync(join(tmpdir(), 'corpus-ingest-'));
let files = 0;

/** Writes the lines (objects as JSON, strings as they are) to a fresh .jsonl file. */
export function ingestFile(lines: Array<Line | string>): string {
  const path = join(dir, `bulletin-${++files}.jsonl`);
  writeFileSync(path, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return path;
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run corpus:ingest -- <args>` against the e2e database, as an operator runs it. */
export function runIngest(...args: string[]): Promise<CliRun> {
  return runIngestOn(readState().databaseUrl, ...args);
}

/** The same against another database (a drill's private cluster). */
export function runIngestOn(databaseUrl: string, ...args: string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'corpus:ingest', '--', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The corpus version searches see now. */
export function corpusVersion(): Promise<number> {
  return withDb(
    async (db) =>
      (
        await db.query(
          `SELECT coalesce(max(version), 0)::int AS v FROM legal_corpus_load WHERE finished_at IS NOT NULL`,
        )
      ).rows[0].v as number,
  );
}

/** Letters only, different on every call: surnames nobody else in the corpus has. */
export function uniqueWord(prefix: string): string {
  const letters = randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)
    .replace(/./g, (c) => String.fromCharCode(c.charCodeAt(0) + 10));
  return `${prefix}${letters}`;
}

export function person(fields: Partial<Line> & { givenNames: string; paternalSurname: string }): Line {
  return { type: 'person', uuid: randomUUID(), state: 'Jalisco', ...fields };
}

let fileSeq = 0;
export function lawsuit(personUuid: string, fields: Partial<Line> = {}): Line {
  const n = ++fileSeq;
  return {
    type: 'lawsuit',
    id: randomUUID(),
    personUuid,
    role: n % 2 ? 'Defendant' : 'Applicant',
    category: 'Civil',
    judgementType: 'Sentencia definitiva',
    plaintiff: 'Banco del Norte S.A.',
    defendant: 'La persona demandada',
    state: 'Jalisco',
    lawsuitType: 'Ordinario civil',
    agreementDate: `2025-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
    fileNumber: `${n}/2025`,
    source: 'Boletín Judicial del Estado de Jalisco',
    court: 'Primer Juzgado de lo Civil de Jalisco',
    circuit: 'Primer Circuito',
    synthesis: `Síntesis del acuerdo ${n}.`,
    synthesisUrl: `https://boletin.example.mx/sintesis/${n}`,
    sourceUrl: `https://boletin.example.mx/expedientes/${n}-2025`,
    ...fields,
  };
}

/** A lawsuit line as the record detail shows it (docs/behaviour.md entry). */
export function asEntry(l: Line): Record<string, string> {
  return {
    id: l.id as string,
    judgement_type: l.judgementType as string,
    plaintiff: l.plaintiff as string,
    defendant: l.defendant as string,
    state: l.state as string,
    type: l.lawsuitType as string,
    agreement_date: l.agreementDate as string,
    file_number: l.fileNumber as string,
    source: l.source as string,
    court: l.court as string,
    circuit: l.circuit as string,
    synthesis: l.synthesis as string,
    synthesis_url: l.synthesisUrl as string,
    source_url: l.sourceUrl as string,
  };
}

export interface SearchBody {
  name: string;
  lastName?: string;
  secondLastName?: string;
}

export interface Answer {
  total: number;
  kpis: {
    total_matches: number;
    top_categories: Array<{ category: string; count: number }>;
    top_states: Array<{ state: string; count: number }>;
  };
  records: Array<{
    uuid: string;
    name: string;
    count: number;
    categories: string[];
    agreement_date: string;
    state: string;
  }>;
}

/** The part of a search answer (`data` of docs/behaviour.md, all 300 on one page) the corpus decides. */
export function answerOf(data: {
  kpis: Answer['kpis'];
  records: Answer['records'];
  meta: { cap: { total_records_in_source: number } };
}): Answer {
  return { total: data.meta.cap.total_records_in_source, kpis: data.kpis, records: data.records };
}

const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The answer to a search computed from scratch (docs/behaviour.md): every person whose given names hold
 * every word of `name` and whose surnames equal the supplied ones, folded by the domain's
 * normalizeName; their lawsuits counted from legal_lawsuit; ranked by most lawsuits, then name
 * (folded, byte order), then uuid; persons per category and per state over all of them.
 */
export async function answerFromScratch(query: SearchBody): Promise<Answer> {
  const words = givenNameWords(query.name);
  const last = query.lastName === undefined ? undefined : normalizeName(query.lastName);
  const second = query.secondLastName === undefined ? undefined : normalizeName(query.secondLastName);
  return withDb(async (db) => {
    const { rows: persons } = await db.query(
      `SELECT uuid, full_name, given_names, last_name, second_last_name, state FROM legal_person`,
    );
    const matches = persons.filter((p) => {
      const given = new Set(givenNameWords(p.given_names));
      return (
        words.every((w) => given.has(w)) &&
        (last === undefined || normalizeName(p.last_name) === last) &&
        (second === undefined ||
          (p.second_last_name !== null && normalizeName(p.second_last_name) === second))
      );
    });
    const { rows: lawsuits } = await db.query(
      `SELECT person_uuid, count(*)::int AS n, array_agg(DISTINCT category) AS categories,
              to_char(max(agreement_date), 'DD-MM-YYYY') AS latest
         FROM legal_lawsuit WHERE person_uuid = ANY($1::uuid[]) GROUP BY person_uuid`,
      [matches.map((m) => m.uuid)],
    );
    const of = new Map(lawsuits.map((l) => [l.person_uuid as string, l]));
    const records = matches
      .map((p) => {
        const l = of.get(p.uuid);
        return {
          key: normalizeName(p.full_name),
          record: {
            uuid: p.uuid as string,
            name: p.full_name as string,
            count: (l?.n ?? 0) as number,
            categories: ((l?.categories ?? []) as string[]).sort(byBytes),
            agreement_date: (l?.latest ?? '') as string,
            state: p.state as string,
          },
        };
      })
      .sort(
        (a, b) =>
          b.record.count - a.record.count || byBytes(a.key, b.key) || byBytes(a.record.uuid, b.record.uuid),
      )
      .map((r) => r.record);
    const perCategory = CORPUS_CATEGORIES.map((category) => ({
      category,
      count: records.filter((r) => r.categories.includes(category)).length,
    }))
      .filter((c) => c.count > 0)
      .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category))
      .slice(0, 10);
    const perState = new Map<string, number>();
    for (const r of records) perState.set(r.state, (perState.get(r.state) ?? 0) + 1);
    const topStates = [...perState]
      .map(([state, count]) => ({ state, count }))
      .sort((a, b) => b.count - a.count || byBytes(a.state, b.state))
      .slice(0, 10);
    return {
      total: records.length,
      kpis: { total_matches: records.length, top_categories: perCategory, top_states: topStates },
      records: records.slice(0, 300),
    };
  });
}

/** The lawsuits of a person from legal_lawsuit, newest first (the detail's order), as entries. */
export async function lawsuitsFromScratch(personUuid: string): Promise<Array<Record<string, string>>> {
  return withDb(
    async (db) =>
      (
        await db.query(
          `SELECT id, judgement_type, plaintiff, defendant, state, type, to_char(agreement_date, 'YYYY-MM-DD') AS agreement_date,
                  file_number, source, court, circuit, synthesis, synthesis_url, source_url
             FROM legal_lawsuit WHERE person_uuid = $1 ORDER BY agreement_date DESC, id`,
          [personUuid],
        )
      ).rows,
  );
}
