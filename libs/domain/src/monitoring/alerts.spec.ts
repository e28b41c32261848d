import { alertFingerprint, AlertKind, alertsInTurns, decideAlert, EntrySide } from './alerts';
import type { MonitorSource } from './monitor';

type Parts = [string, MonitorSource, string, AlertKind, string];

const side = (
  decision: 'match' | 'possible_match' | 'no_match',
  listStatus = 'SDNTK',
  fingerprint = `fp-${listStatus}`,
): EntrySide => ({
  fingerprint,
  listStatus,
  comparison: {
    score: decision === 'match' ? 0.95 : decision === 'possible_match' ? 0.8 : 0.2,
    decision,
    features: [{ feature: 'name_exact', effect: 0.95, label: 'Nombre idéntico' }],
    listedName: 'AISPURO MORENO, Oscar',
  },
  fields: () => [{ field: 'paternalSurname', candidate: 'Aispuro', listed: 'AISPURO', same: true }],
});

describe('decideAlert (docs/monitoring.md)', () => {
  it.each([
    ['added and matching', null, side('match'), 'new_match'],
    ['added and possibly matching', null, side('possible_match'), 'new_match'],
    ['added, no match', null, side('no_match'), null],
    ['changed into a match', side('no_match'), side('match'), 'new_match'],
    [
      'changed, matched before and now, same status (a name change)',
      side('match', 'SDNTK', 'a'),
      side('match', 'SDNTK', 'b'),
      null,
    ],
    [
      'changed, matched before and now, another status',
      side('match', 'SDNTK'),
      side('match', 'SDNTK; SDGT'),
      'status_changed',
    ],
    [
      'changed, a possible match whose status changes',
      side('possible_match', 'A'),
      side('possible_match', 'B'),
      'status_changed',
    ],
    ['changed, no longer matching', side('match'), side('no_match'), null],
    ['changed, never matching', side('no_match', 'A'), side('no_match', 'B'), null],
    ['removed after a match', side('match'), null, 'removed'],
    ['removed, never matched', side('no_match'), null, null],
  ])('%s', (_name, before, after, kind) => {
    expect(decideAlert('36125', before, after)?.kind ?? null).toBe(kind);
  });

  it('carries the match of the version that raised it (the previous one for removed)', () => {
    expect(decideAlert('1', null, side('match', 'SDNTK', 'new'))).toEqual({
      kind: 'new_match',
      entryId: '1',
      entryState: 'new',
      match: {
        score: 0.95,
        decision: 'match',
        features: [{ feature: 'name_exact', effect: 0.95, label: 'Nombre idéntico' }],
        listedName: 'AISPURO MORENO, Oscar',
        listStatus: 'SDNTK',
        comparison: [{ field: 'paternalSurname', candidate: 'Aispuro', listed: 'AISPURO', same: true }],
      },
    });
    expect(decideAlert('1', side('match', 'OLD', 'old'), null)).toMatchObject({
      kind: 'removed',
      entryState: 'old',
      match: { listStatus: 'OLD' },
    });
  });
});

describe('alertFingerprint', () => {
  const base: Parts = ['m1', 'ofac-sdn', '36125', 'new_match', 'state-a'];
  it('is the same for the same monitor, entry, kind and state (a retry, a dismissed alert raised again)', () => {
    expect(alertFingerprint(...base)).toBe(alertFingerprint(...base));
  });
  it.each([
    ['another monitor', ['m2', 'ofac-sdn', '36125', 'new_match', 'state-a']],
    ['another source', ['m1', 'un-consolidated', '36125', 'new_match', 'state-a']],
    ['another entry', ['m1', 'ofac-sdn', '36126', 'new_match', 'state-a']],
    ['another kind', ['m1', 'ofac-sdn', '36125', 'removed', 'state-a']],
    ['a later change of the entry', ['m1', 'ofac-sdn', '36125', 'new_match', 'state-b']],
  ] as Array<[string, Parts]>)('differs for %s', (_name, other) => {
    expect(alertFingerprint(...other)).not.toBe(alertFingerprint(...base));
  });
});

describe('alertsInTurns', () => {
  const alert = (requestId: string, n: number) => ({ requestId, id: `${requestId}${n}` });

  it('lets the requests take turns, each keeping its own order', () => {
    const decided = [
      alert('a', 1),
      alert('a', 2),
      alert('a', 3),
      alert('b', 1),
      alert('c', 1),
      alert('c', 2),
    ];
    expect(alertsInTurns(decided).map((a) => a.id)).toEqual(['a1', 'b1', 'c1', 'a2', 'c2', 'a3']);
  });

  it('keeps every alert once, and an empty activation empty', () => {
    const decided = Array.from({ length: 50 }, (_, n) => alert(`r${n % 7}`, n));
    const turns = alertsInTurns(decided);
    expect([...turns].sort((x, y) => x.id.localeCompare(y.id))).toEqual(
      [...decided].sort((x, y) => x.id.localeCompare(y.id)),
    );
    for (const request of ['r0', 'r3'])
      expect(turns.filter((a) => a.requestId === request)).toEqual(
        decided.filter((a) => a.requestId === request),
      );
    expect(alertsInTurns([])).toEqual([]);
  });
});
