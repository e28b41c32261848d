import { Injectable } from '@nestjs/common';
import type { ArcoRight, ArcoSubject, DomainError, DomainEvent } from '@app/domain';
import { DataSource } from 'typeorm';
import { EventRepository } from './event.repository';
import {
  type CandidateField,
  candidateColumn,
  candidateFields,
  type CandidateSelection,
} from './candidate-columns';
import { queryRows, SqlExecutor } from './executor';
import { scalar } from './hot-sql';
import { col, day, epochMs, json, pagedRead, readPage, readStatement, type RowOf } from './read-sql';

/** What a privacy request found of its subject among the client's data. */
export interface PrivacyMatch {
  type: 'candidate_request' | 'search' | 'monitor';
  id: string;
}

/** A new privacy request: the subject's identifiers and keys as the domain computed them. */
export interface NewPrivacyRequest {
  clientId: string;
  right: string;
  subject: ArcoSubject;
  subjectRfc: string | null;
  subjectCurp: string | null;
  subjectNameKey: string | null;
  subjectBirthDate: string | null;
  receivedAt: string;
  dueDate: string;
  dueSoonDate: string;
  channel: string;
  details: string | null;
  matches: PrivacyMatch[];
  createdBy: string;
}

/**
 * What the subject match compares (the domain's rule): the candidate's names, birth date and
 * identifiers; not the contact details, the nationality or the company fields.
 */
const SUBJECT_MATCH_CANDIDATE = {
  personType: true,
  name: true,
  lastName: true,
  secondLastName: true,
  birthDate: true,
  nationality: false,
  gender: false,
  rfc: true,
  curp: true,
  consentNIP: false,
  regime: false,
  businessName: false,
  email: false,
  phone: false,
} as const;

/**
 * The client's candidates of requests not suppressed whose RFC or CURP is one of the subject's,
 * or whose birth date is the subject's, oldest first.
 */
export const READ_CANDIDATES_LIKE = readStatement(
  'privacy-candidates-like',
  { clientId: scalar('text'), rfcs: scalar('text[]'), curps: scalar('text[]'), birthDate: scalar('date') },
  { requestId: col('uuid', 'r.id'), ...candidateFields('c', SUBJECT_MATCH_CANDIDATE) },
  (q, select) => `SELECT ${select}
  FROM candidate_request r JOIN candidate c ON c.request_id = r.id
 WHERE r.client_id = ${q.clientId} AND r.suppressed_at IS NULL
   AND (c.rfc = ANY(${q.rfcs}) OR c.curp = ANY(${q.curps}) OR c.birth_date = ${q.birthDate})
 ORDER BY r.created_at, r.id`,
);

/** A candidate as the subject match reads it (the domain decides; SQL only narrows). */
export type SubjectCandidate = RowOf<typeof READ_CANDIDATES_LIKE.fields>;

/** A search as the subject match reads it: the name it searched. */
export interface SubjectSearch {
  id: string;
  query: { name: string; lastName?: string; secondLastName?: string };
}

/** What narrows the client's candidates before the domain compares them with a subject. */
export interface CandidatePrefilter {
  rfcs: readonly string[];
  curps: readonly string[];
  /** YYYY-MM-DD; null when the subject gives none. */
  birthDate: string | null;
}

/** A granted opposition as the monitors' check reads it. */
export interface GrantedOpposition {
  id: string;
  subject: ArcoSubject;
}

/** A request announced as due soon: its client and right, for the event. */
export interface DueSoonRequest {
  id: string;
  clientId: string;
  right: ArcoRight;
}

/**
 * The candidate fields a rectification may change (docs/privacy.md, "ARCO requests"): the keys of
 * `changes` are checked by the domain, and only these ever reach the SQL, as their columns.
 */
const RECTIFIABLE = {
  personType: false,
  name: true,
  lastName: true,
  secondLastName: true,
  birthDate: true,
  nationality: false,
  gender: false,
  rfc: true,
  curp: true,
  consentNIP: false,
  regime: false,
  businessName: false,
  email: true,
  phone: true,
} as const satisfies CandidateSelection;

const isRectifiable = (field: string): field is CandidateField =>
  field in RECTIFIABLE && RECTIFIABLE[field as CandidateField];

/** A privacy request as the api shows it; dates YYYY-MM-DD, times epoch ms. */
const VIEW_FIELDS = {
  id: col('uuid', 'p.id'),
  right: col('text', 'p."right"'),
  status: col('text', 'p.status').as<'open' | 'resolved'>(),
  subject: json<ArcoSubject>('p.subject'),
  receivedAt: day('p.received_at'),
  dueDate: day('p.due_date'),
  channel: col('text', 'p.channel'),
  details: col('text', 'p.details').orNull(),
  matches: json<PrivacyMatch[]>('p.matches'),
  decision: col('text', 'p.decision').orNull(),
  reason: col('text', 'p.reason').orNull(),
  changes: json<Record<string, string | null> | null>('p.changes'),
  createdAt: epochMs('p.created_at'),
  resolvedAt: epochMs('p.resolved_at').orNull(),
};
export type PrivacyRequestView = RowOf<typeof VIEW_FIELDS>;
const VIEW_WITH_CLIENT = { ...VIEW_FIELDS, clientId: col('text', 'p.client_id') };

/** A new request, answered as the api shows it. */
export const INSERT_PRIVACY_REQUEST = readStatement(
  'privacy-request-insert',
  {
    clientId: scalar('text'),
    right: scalar('text'),
    subject: scalar('jsonb'),
    subjectRfc: scalar('text'),
    subjectCurp: scalar('text'),
    subjectNameKey: scalar('text'),
    subjectBirthDate: scalar('date'),
    receivedAt: scalar('date'),
    dueDate: scalar('date'),
    dueSoonDate: scalar('date'),
    channel: scalar('text'),
    details: scalar('text'),
    matches: scalar('jsonb'),
    createdBy: scalar('text'),
  },
  VIEW_FIELDS,
  (q, select) => `WITH p AS (
  INSERT INTO privacy_request (client_id, "right", subject, subject_rfc, subject_curp, subject_name_key,
    subject_birth_date, received_at, due_date, due_soon_date, channel, details, matches, created_by)
  VALUES (${q.clientId}, ${q.right}, ${q.subject}, ${q.subjectRfc}, ${q.subjectCurp}, ${q.subjectNameKey},
    ${q.subjectBirthDate}, ${q.receivedAt}, ${q.dueDate}, ${q.dueSoonDate}, ${q.channel}, ${q.details},
    ${q.matches}, ${q.createdBy}) RETURNING *)
SELECT ${select} FROM p`,
);

/** One of the caller's requests (locked until the commit, when `FOR UPDATE`: a resolution). */
const findRequest = (name: string, lock: string) =>
  readStatement(
    name,
    { id: scalar('uuid'), clientIds: scalar('text[]') },
    VIEW_WITH_CLIENT,
    (q, select) =>
      `SELECT ${select} FROM privacy_request p WHERE p.id = ${q.id} AND p.client_id = ANY(${q.clientIds})${lock}`,
  );
export const READ_PRIVACY_REQUEST = findRequest('privacy-request-find', '');
export const LOCK_PRIVACY_REQUEST = findRequest('privacy-request-lock', ' FOR UPDATE');

/** A client's requests, newest first, of a status or all. */
export const PAGE_PRIVACY_REQUESTS = pagedRead(
  'privacy-request-page',
  { clientId: scalar('text'), status: scalar('text') },
  VIEW_FIELDS,
  (q) =>
    `privacy_request p WHERE p.client_id = ${q.clientId} AND (${q.status} IS NULL OR p.status = ${q.status})`,
  'p.created_at DESC, p.id DESC',
);

/** The client's searches (not suppressed) of a name key, with the name they searched. */
export const READ_SEARCHES_NAMED = readStatement(
  'privacy-searches-named',
  { clientId: scalar('text'), nameKey: scalar('text') },
  { id: col('uuid', 'id'), query: json<SubjectSearch['query']>('search_query') },
  (q, select) => `SELECT ${select} FROM legal_search
 WHERE client_id = ${q.clientId} AND name_key = ${q.nameKey} AND suppressed_at IS NULL ORDER BY created_at, id`,
);

/** Every monitor (active or ended) of the client that watches one of these requests. */
export const READ_MONITORS_OF = readStatement(
  'privacy-monitors-of',
  { clientId: scalar('text'), requestIds: scalar('uuid[]') },
  { id: col('uuid', 'id') },
  (q, select) => `SELECT ${select} FROM monitor
 WHERE client_id = ${q.clientId} AND request_id = ANY(${q.requestIds}) ORDER BY created_at, id`,
);

/** The client's granted oppositions sharing an identifier or the birth date with a candidate. */
export const READ_GRANTED_OPPOSITIONS_LIKE = readStatement(
  'privacy-granted-oppositions-like',
  { clientId: scalar('text'), rfcs: scalar('text[]'), curps: scalar('text[]'), birthDate: scalar('date') },
  { id: col('uuid', 'id'), subject: json<ArcoSubject>('subject') },
  (q, select) => `SELECT ${select} FROM privacy_request
 WHERE client_id = ${q.clientId} AND "right" = 'opposition' AND decision = 'granted'
   AND (subject_rfc = ANY(${q.rfcs}) OR subject_curp = ANY(${q.curps}) OR subject_birth_date = ${q.birthDate})
 ORDER BY resolved_at, id`,
);

/** The resolution of an open request, answered as the api shows it. */
export const RESOLVE_PRIVACY_REQUEST = readStatement(
  'privacy-request-resolve',
  {
    id: scalar('uuid'),
    decision: scalar('text'),
    reason: scalar('text'),
    changes: scalar('jsonb'),
    matches: scalar('jsonb'),
    resolvedBy: scalar('text'),
  },
  VIEW_FIELDS,
  (q, select) => `WITH p AS (
  UPDATE privacy_request SET status = 'resolved', decision = ${q.decision}, reason = ${q.reason}, changes = ${q.changes},
         matches = ${q.matches}, resolved_by = ${q.resolvedBy}, resolved_at = now()
   WHERE id = ${q.id} RETURNING *)
SELECT ${select} FROM p`,
);

/** Open requests whose due-soon date has come and that were not announced yet, marked announced. */
export const ANNOUNCE_DUE_SOON = readStatement(
  'privacy-announce-due-soon',
  { today: scalar('date') },
  {
    id: col('uuid', 'id'),
    clientId: col('text', 'client_id'),
    right: col('text', '"right"').as<ArcoRight>(),
  },
  (q, select) => `UPDATE privacy_request SET due_soon_announced_at = now()
 WHERE status = 'open' AND due_soon_announced_at IS NULL AND due_soon_date <= ${q.today}
 RETURNING ${select}`,
);

/**
 * ARCO requests (docs/privacy.md, "ARCO requests"), always scoped to the caller's clients, and the
 * reads that find a subject among a client's data: plain equalities on the columns a client's
 * data already has (no index of the registration tables serves them, and none is added: a request
 * of this kind is rare, a registration is not), the subject's match decided by the domain.
 */
@Injectable()
export class PrivacyRequestRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventRepository,
  ) {}

  /** The new request and its events, in one transaction. */
  async create(
    request: NewPrivacyRequest,
    events: (id: string) => DomainEvent[],
  ): Promise<PrivacyRequestView> {
    return this.dataSource.transaction(async (tx) => {
      const [row] = await INSERT_PRIVACY_REQUEST.query(tx, {
        clientId: request.clientId,
        right: request.right,
        subject: request.subject,
        subjectRfc: request.subjectRfc,
        subjectCurp: request.subjectCurp,
        subjectNameKey: request.subjectNameKey,
        subjectBirthDate: request.subjectBirthDate,
        receivedAt: request.receivedAt,
        dueDate: request.dueDate,
        dueSoonDate: request.dueSoonDate,
        channel: request.channel,
        details: request.details,
        matches: request.matches,
        createdBy: request.createdBy,
      });
      await this.events.append(tx, request.clientId, events(row.id));
      return row;
    });
  }

  /** One of the caller's requests; null when unknown or another client's. */
  async find(id: string, clientIds: string[]): Promise<(PrivacyRequestView & { clientId: string }) | null> {
    const [row] = await READ_PRIVACY_REQUEST.query(this.dataSource, { id, clientIds });
    return row ?? null;
  }

  /** Newest first. */
  async page(
    clientId: string,
    filter: { status?: string; page: number; limit: number },
  ): Promise<{ rows: PrivacyRequestView[]; total: number }> {
    return readPage(
      this.dataSource,
      PAGE_PRIVACY_REQUESTS,
      { clientId, status: filter.status ?? null },
      filter,
    );
  }

  /**
   * The client's candidates that share an identifier or the birth date with a subject: the
   * candidates of requests not suppressed whose RFC or CURP is one of the subject's, or whose birth
   * date is the subject's. The caller's domain rule decides which of them are the subject.
   */
  candidatesLike(clientId: string, like: CandidatePrefilter): Promise<SubjectCandidate[]> {
    if (like.rfcs.length === 0 && like.curps.length === 0 && like.birthDate === null)
      return Promise.resolve([]);
    return READ_CANDIDATES_LIKE.query(this.dataSource, {
      clientId,
      rfcs: like.rfcs,
      curps: like.curps,
      birthDate: like.birthDate,
    });
  }

  /**
   * The client's searches (not suppressed) whose name key (legal_search.name_key, the searches
   * list's) is exactly this one, with the name they searched: the caller's domain rule decides.
   */
  searchesNamed(clientId: string, nameKey: string): Promise<SubjectSearch[]> {
    return READ_SEARCHES_NAMED.query(this.dataSource, { clientId, nameKey });
  }

  /** Every monitor (active or ended) of the client that watches one of these requests. */
  async monitorsOf(clientId: string, requestIds: readonly string[]): Promise<string[]> {
    if (requestIds.length === 0) return [];
    const rows = await READ_MONITORS_OF.query(this.dataSource, { clientId, requestIds });
    return rows.map((row) => row.id);
  }

  /**
   * The client's granted oppositions whose subject shares an identifier or the birth date with
   * this candidate (the partial index of granted oppositions serves it); the caller's domain rule
   * decides which of them are about the candidate.
   */
  grantedOppositionsLike(clientId: string, candidate: CandidatePrefilter): Promise<GrantedOpposition[]> {
    return READ_GRANTED_OPPOSITIONS_LIKE.query(this.dataSource, {
      clientId,
      rfcs: candidate.rfcs,
      curps: candidate.curps,
      birthDate: candidate.birthDate,
    });
  }

  /**
   * Resolves an open request, in one transaction with the row locked: `refuse` sees it as it is
   * (resolved already: a conflict), `effects` apply the decision to the client's data in the same
   * transaction, then the resolution and its events are written. Null when the request is unknown
   * or another client's.
   */
  async resolve(
    by: { id: string; clientIds: string[] },
    resolution: {
      decision: string;
      reason: string;
      changes: Record<string, string | null> | null;
      matches: PrivacyMatch[];
      resolvedBy: string;
    },
    refuse: (current: PrivacyRequestView) => DomainError | null,
    effects: (tx: SqlExecutor, current: PrivacyRequestView & { clientId: string }) => Promise<void>,
    events: DomainEvent[],
  ): Promise<PrivacyRequestView | null> {
    return this.dataSource.transaction(async (tx) => {
      const [current] = await LOCK_PRIVACY_REQUEST.query(tx, by);
      if (!current) return null;
      const refusal = refuse(current);
      if (refusal) throw refusal;
      await effects(tx, current);
      const [resolved] = await RESOLVE_PRIVACY_REQUEST.query(tx, {
        id: by.id,
        decision: resolution.decision,
        reason: resolution.reason,
        // undefined: SQL NULL (no changes); a jsonb scalar's null would be JSON null.
        changes: resolution.changes ?? undefined,
        matches: resolution.matches,
        resolvedBy: resolution.resolvedBy,
      });
      await this.events.append(tx, current.clientId, events);
      return resolved;
    });
  }

  /**
   * A rectification's changes, written on the candidates of these requests of the client. The
   * requests' lifecycle version moves too, so no lifecycle step decided on the old data can be
   * written (see ProcessExecutionRepository). Answers the requests changed.
   */
  async rectifyCandidates(
    tx: SqlExecutor,
    clientId: string,
    requestIds: readonly string[],
    changes: Readonly<Record<string, string | null>>,
  ): Promise<string[]> {
    const fields = Object.keys(changes).filter(isRectifiable);
    if (requestIds.length === 0 || fields.length === 0) return [];
    const sets = fields.map((field, i) => `${candidateColumn(field)} = $${i + 3}`);
    const rows = await queryRows<{ id: string }>(
      tx,
      `WITH r AS (
         UPDATE candidate_request SET lifecycle_version = lifecycle_version + 1
          WHERE client_id = $1 AND id = ANY($2::uuid[]) RETURNING id)
       UPDATE candidate c SET ${sets.join(', ')} FROM r WHERE c.request_id = r.id RETURNING c.request_id AS id`,
      [clientId, requestIds, ...fields.map((field) => changes[field])],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Open requests whose due-soon date has come (`today`, a date in the service's time zone) and
   * that were not announced yet, each marked announced and its events written in the same
   * transaction: of two processors sweeping at once, each request is announced by one.
   */
  async announceDueSoon(
    today: string,
    events: (due: DueSoonRequest) => DomainEvent[],
  ): Promise<DueSoonRequest[]> {
    return this.dataSource.transaction(async (tx) => {
      const due = await ANNOUNCE_DUE_SOON.query(tx, { today });
      for (const request of due) await this.events.append(tx, request.clientId, events(request));
      return due;
    });
  }
}
