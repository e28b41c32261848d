import { hash as sha256 } from 'node:crypto';

/**
 * The audit log's events and their chain (docs/security.md, "Audit log"). Each event names who did
 * what to which subject and how it ended; never a candidate's name, RFC, CURP, e-mail or any other
 * of the candidate's personal data (subjects are named by their ids). Each event's `hash` is the
 * SHA-256 (hex) of the previous event's hash followed by this event's canonical JSON, so changing,
 * removing or reordering any event breaks every hash after it.
 */
export interface AuditActor {
  type: 'user' | 'api_key' | 'operator' | 'system';
  id: string;
  /** A person's e-mail (users and operators): the staff member, never a candidate. */
  email?: string;
}

export interface AuditEventBody {
  /** The event's place in the chain, as a decimal string (the cursor of `GET /audit-events`). */
  id: string;
  /** Epoch ms when the event was written; never decreases along the chain. */
  at: number;
  actor: AuditActor;
  /** The client whose data or settings the operation touched; null when none (an unknown e-mail). */
  clientId: string | null;
  /** The operationId, or the admin command. */
  action: string;
  subject: { type: string; id: string | null };
  /** The HTTP status answered (0 for an admin command that did not answer over HTTP). */
  status: number;
  requestId: string | null;
  ip: string | null;
}

export interface AuditEvent extends AuditEventBody {
  hash: string;
}

/** What comes before the first event. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/** JSON with every object's keys in code-point order and no spaces: one text for one value. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    return text === undefined ? 'null' : text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, field]) => field !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
}

export function auditHash(previousHash: string, event: AuditEventBody): string {
  return sha256('sha256', previousHash + canonicalBodyJson(event), 'hex');
}

const json = JSON.stringify;

/**
 * `canonicalJson` of an event's hashed fields (its own hash excluded, whatever else a reader added),
 * written out for the fields an event has, without the generic walk's sorting and the arrays it
 * builds: this runs for every event written and every event `npm run audit:verify` reads
 * (docs/performance.md, "The audit log"). The same text for every event (the spec compares them),
 * and read as the event is stored: a field left out is a null column, and a null e-mail is no
 * e-mail, as the events read back from the table have it.
 */
export function canonicalBodyJson(event: AuditEventBody): string {
  const { actor, subject } = event;
  const email = actor.email == null ? '' : `"email":${json(actor.email)},`;
  return (
    `{"action":${json(event.action)},"actor":{${email}"id":${json(actor.id)},"type":${json(actor.type)}},` +
    `"at":${json(event.at)},"clientId":${json(event.clientId ?? null)},"id":${json(event.id)},` +
    `"ip":${json(event.ip ?? null)},"requestId":${json(event.requestId ?? null)},"status":${json(event.status)},` +
    `"subject":{"id":${json(subject.id ?? null)},"type":${json(subject.type)}}}`
  );
}

/** Events to append, numbered and hashed after the chain's last event; `at` never goes back. */
export function chainEvents(
  head: { id: string; at: number; hash: string },
  events: ReadonlyArray<Omit<AuditEventBody, 'id'>>,
): AuditEvent[] {
  let previous = head;
  let next = BigInt(head.id);
  return events.map((event) => {
    next += 1n;
    // One object per event, its fields in the order of AuditEventBody.
    const chained: AuditEvent = {
      id: next.toString(),
      at: Math.max(event.at, previous.at),
      actor: event.actor,
      clientId: event.clientId,
      action: event.action,
      subject: event.subject,
      status: event.status,
      requestId: event.requestId,
      ip: event.ip,
      hash: '',
    };
    chained.hash = auditHash(previous.hash, chained);
    previous = chained;
    return chained;
  });
}

/**
 * Walks events in chain order from `previousHash`: the first whose hash does not follow (changed,
 * removed or reordered events before it), or null when all do. Answers the hash the walk ended on,
 * so a long chain is checked page by page.
 */
export function firstBrokenLink(
  events: readonly AuditEvent[],
  previousHash: string,
): { broken: AuditEvent | null; lastHash: string } {
  let hash = previousHash;
  for (const event of events) {
    if (auditHash(hash, event) !== event.hash) return { broken: event, lastHash: hash };
    hash = event.hash;
  }
  return { broken: null, lastHash: hash };
}
