import { createHash } from 'node:crypto';
import {
  AUDIT_GENESIS_HASH,
  AuditEventBody,
  auditHash,
  canonicalBodyJson,
  canonicalJson,
  chainEvents,
  firstBrokenLink,
} from './audit-chain';

const EVENT = {
  at: 1_795_876_200_000,
  actor: { type: 'user' as const, id: 'u-1', email: 'demo@acme.test' },
  clientId: 'acme',
  action: 'getCandidateRequest',
  subject: { type: 'candidate_request', id: '5b0a2e8c-1f7e-4c61-9a43-2f1d6c8b9e70' },
  status: 200,
  requestId: 'r-1',
  ip: '127.0.0.1',
};

describe('canonicalJson', () => {
  it.each([
    [{ b: 1, a: { d: [3, { f: 1, e: 2 }], c: null } }, '{"a":{"c":null,"d":[3,{"e":2,"f":1}]},"b":1}'],
    [{ a: undefined, b: 'x' }, '{"b":"x"}'],
    ['ñ"', '"ñ\\""'],
    [[], '[]'],
    [null, 'null'],
  ])('%j -> %s', (value, text) => {
    expect(canonicalJson(value)).toBe(text);
  });

  it('is the same text whatever order the keys came in', () => {
    expect(canonicalJson({ x: 1, y: { b: 2, a: 1 } })).toBe(canonicalJson({ y: { a: 1, b: 2 }, x: 1 }));
  });
});

describe('canonicalBodyJson', () => {
  const STRINGS = [
    '',
    'acme',
    'ñ"\\',
    'a\u0000b\n',
    '😀\ud800',
    '{"x":1}',
    '5b0a2e8c-1f7e-4c61-9a43-2f1d6c8b9e70',
  ];
  /** Bodies of every shape an event takes: each field in turn each of the strings, or left out / null. */
  function* bodies(): Generator<AuditEventBody> {
    const base: AuditEventBody = { ...EVENT, id: '42' };
    yield base;
    for (const text of STRINGS) {
      yield { ...base, action: text, clientId: text, requestId: text, ip: text };
      yield { ...base, actor: { type: 'api_key', id: text } };
      yield { ...base, actor: { type: 'user', id: 'u-1', email: text } };
      yield { ...base, subject: { type: text, id: text } };
    }
    yield {
      ...base,
      clientId: null,
      requestId: null,
      ip: null,
      subject: { type: 'candidate_request_list', id: null },
    };
    yield { ...base, id: '9223372036854775807', at: 0, status: 0 };
    yield { ...base, at: 8_640_000_000_000_000, status: 503 };
  }

  it('writes what canonicalJson writes of the hashed fields, for every shape of event', () => {
    for (const body of bodies()) {
      const { id, at, actor, clientId, action, subject, status, requestId, ip } = body;
      expect(canonicalBodyJson(body)).toBe(
        canonicalJson({ id, at, actor, clientId, action, subject, status, requestId, ip }),
      );
    }
  });

  it('reads a null e-mail as no e-mail, as the event reads back from its table', () => {
    const stored = { ...EVENT, id: '1', actor: { type: 'user' as const, id: 'u-1' } };
    const withNull = { ...stored, actor: { ...stored.actor, email: null as unknown as string } };
    expect(canonicalBodyJson(withNull)).toBe(canonicalBodyJson(stored));
  });
});

describe('the chain', () => {
  it("hashes the previous hash followed by the event's canonical JSON", () => {
    const [first] = chainEvents({ id: '0', at: 0, hash: AUDIT_GENESIS_HASH }, [EVENT]);
    const { hash, ...body } = first;
    expect(first.id).toBe('1');
    expect(hash).toBe(
      createHash('sha256')
        .update(AUDIT_GENESIS_HASH + canonicalJson(body))
        .digest('hex'),
    );
    expect(auditHash(AUDIT_GENESIS_HASH, first)).toBe(hash);
  });

  it('numbers events after the head and never lets `at` go back', () => {
    const head = { id: '41', at: EVENT.at + 10, hash: 'f'.repeat(64) };
    const chained = chainEvents(head, [EVENT, { ...EVENT, at: EVENT.at + 20 }, { ...EVENT, at: EVENT.at }]);
    expect(chained.map((e) => e.id)).toEqual(['42', '43', '44']);
    expect(chained.map((e) => e.at)).toEqual([EVENT.at + 10, EVENT.at + 20, EVENT.at + 20]);
    expect(firstBrokenLink(chained, head.hash)).toEqual({ broken: null, lastHash: chained[2].hash });
  });

  it('finds the first event that does not follow: changed, removed or reordered', () => {
    const chained = chainEvents({ id: '0', at: 0, hash: AUDIT_GENESIS_HASH }, [EVENT, EVENT, EVENT, EVENT]);
    const changed = chained.map((e, i) => (i === 1 ? { ...e, status: 404 } : e));
    expect(firstBrokenLink(changed, AUDIT_GENESIS_HASH).broken?.id).toBe('2');
    const removed = [chained[0], chained[2], chained[3]];
    expect(firstBrokenLink(removed, AUDIT_GENESIS_HASH).broken?.id).toBe('3');
    const reordered = [chained[0], chained[2], chained[1], chained[3]];
    expect(firstBrokenLink(reordered, AUDIT_GENESIS_HASH).broken?.id).toBe('3');
    const rehashed = chained.map((e, i) => (i === 3 ? { ...e, hash: 'a'.repeat(64) } : e));
    expect(firstBrokenLink(rehashed, AUDIT_GENESIS_HASH).broken?.id).toBe('4');
  });

  it('checks a long chain page by page from where the last page ended', () => {
    const chained = chainEvents({ id: '0', at: 0, hash: AUDIT_GENESIS_HASH }, Array(10).fill(EVENT));
    const first = firstBrokenLink(chained.slice(0, 4), AUDIT_GENESIS_HASH);
    expect(firstBrokenLink(chained.slice(4), first.lastHash).broken).toBeNull();
  });

  it('hashes only the event itself, not what a reader added to it', () => {
    const [event] = chainEvents({ id: '0', at: 0, hash: AUDIT_GENESIS_HASH }, [EVENT]);
    expect(auditHash(AUDIT_GENESIS_HASH, { ...event, extra: 1 } as typeof event)).toBe(event.hash);
  });
});
