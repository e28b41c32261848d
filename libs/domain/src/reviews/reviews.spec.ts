import { legalBackgroundResult, withoutPersons } from '../screening/legal-background';
import {
  findingsOf,
  findingState,
  legalPersonState,
  ReviewedProcess,
  resultWithout,
  withDisputedFindings,
} from './findings';
import {
  disputeBodyViolations,
  MAX_REVIEW_REASON_LENGTH,
  notAFindingViolation,
  reviewBodyViolations,
} from './review-input';
import {
  ConfirmedAlert,
  confirmedAlertResult,
  DecisionRecord,
  dismissedFindings,
  DisputeRecord,
  disputeIsOpen,
  isDismissed,
  openDisputes,
  processReview,
  RequestProcess,
  requestReviewChange,
  reviewedRequestResult,
} from './reviews';
import { entryFingerprint } from '../watch-lists/entry-fingerprint';
import type { WatchListEntry } from '../watch-lists/entry';

const match = (
  source: string,
  entryId: string,
  decision: 'match' | 'possible_match',
  listStatus = 'SDNTK',
  features: string[] = [],
) => ({
  source,
  entryId,
  listedName: 'AISPURO MORENO, Oscar',
  listStatus,
  score: decision === 'match' ? 1 : 0.8,
  decision,
  features: features.map((feature) => ({ feature, effect: 0 })),
  disputed: false,
});
const person = (entryId: string, lawsuits: number, asDefendant: number) => ({
  entryId,
  fullName: `PERSONA ${entryId}`,
  lawsuits,
  asDefendant,
  categories: ['Civil'],
  disputed: false,
});

/** Global Watch List: an OFAC match (Riesgo Alto) and a UN possible match (Riesgo Bajo). */
const GWL: ReviewedProcess = {
  id: 'p-gwl',
  generation: 1,
  name: 'Global Watch List',
  result: 'Riesgo Alto',
  summary: {
    listsChecked: [
      { source: 'ofac-sdn', version: 1, asOf: null },
      { source: 'un-consolidated', version: 1, asOf: null },
    ],
    matches: [
      match('ofac-sdn', '36125', 'match'),
      match('un-consolidated', '6908556', 'possible_match', 'UN List'),
    ],
  },
};
/** BGC Legal: two persons, 3 lawsuits, 1 as defendant (Riesgo Medio). */
const LEGAL: ReviewedProcess = {
  id: 'p-legal',
  generation: 1,
  name: 'BGC Legal',
  result: 'Riesgo Medio',
  summary: {
    lawsuitsFound: 3,
    asDefendant: 1,
    categories: ['Civil'],
    persons: [person('u-1', 2, 1), person('u-2', 1, 0)],
  },
};
const NEWS: ReviewedProcess = {
  id: 'p-news',
  generation: 1,
  name: 'BGC News',
  result: 'Riesgo Bajo',
  summary: { articlesFound: 1 },
};

let clock = 0;
const decision = (
  process: ReviewedProcess | null,
  source: string,
  entryId: string,
  what: 'confirmed' | 'dismissed',
  overrides: Partial<DecisionRecord> = {},
): DecisionRecord => ({
  finding: { source, entryId },
  decision: what,
  at: (clock += 10),
  processId: process?.id ?? null,
  processGeneration: process?.generation ?? null,
  entryState: 'state-1',
  ...overrides,
});
const dispute = (process: ReviewedProcess, source: string, entryId: string): DisputeRecord => ({
  finding: { source, entryId },
  processId: process.id,
  at: (clock += 10),
});

describe('findings', () => {
  it('are the matches of a list process, the persons of BGC Legal, none of another process', () => {
    expect(findingsOf(GWL)).toEqual([
      { source: 'ofac-sdn', entryId: '36125' },
      { source: 'un-consolidated', entryId: '6908556' },
    ]);
    expect(findingsOf(LEGAL)).toEqual([
      { source: 'legal-records', entryId: 'u-1' },
      { source: 'legal-records', entryId: 'u-2' },
    ]);
    expect(findingsOf(NEWS)).toEqual([]);
    // A BGC Legal finished before persons were kept has none.
    expect(findingsOf({ ...LEGAL, summary: { lawsuitsFound: 3, asDefendant: 1, categories: [] } })).toEqual(
      [],
    );
  });

  it("state: a list entry's fingerprint as imported, a legal person's lawsuits and name; null when unknown", () => {
    const entry = {
      source: 'ofac-sdn',
      key: '36125',
      names: [],
      listStatus: 'SDNTK',
    } as unknown as WatchListEntry;
    const fingerprint = (e: WatchListEntry) => {
      try {
        return entryFingerprint(e);
      } catch {
        return null;
      }
    };
    expect(findingState(GWL, [entry], { source: 'ofac-sdn', entryId: '36125' })).toBe(fingerprint(entry));
    expect(findingState(GWL, [], { source: 'ofac-sdn', entryId: '36125' })).toBeNull();
    expect(findingState(LEGAL, [], { source: 'legal-records', entryId: 'u-1' })).toBe(
      legalPersonState(person('u-1', 2, 1)),
    );
    expect(legalPersonState(person('u-1', 2, 1))).not.toBe(legalPersonState(person('u-1', 3, 1)));
  });

  it('the result without some findings follows the matching rule; nothing left out keeps the result given', () => {
    expect(resultWithout(GWL, () => false)).toBe('Riesgo Alto');
    expect(resultWithout(GWL, (f) => f.entryId === '36125')).toBe('Riesgo Bajo');
    expect(resultWithout(GWL, () => true)).toBe('Aprobado');
    // A list read without a version stays No disponible once its matches are dismissed.
    const unread = {
      ...GWL,
      summary: { ...(GWL.summary as object), listsChecked: [{ source: 'ofac-sdn', version: 1, asOf: null }] },
    };
    expect(resultWithout(unread, () => true)).toBe('No disponible');
    // A deceased PEP's match is at most Riesgo Bajo, as the process decided it.
    const peps: ReviewedProcess = {
      ...GWL,
      name: 'Peps',
      summary: {
        listsChecked: [{ source: 'peps', version: 1, asOf: null }],
        matches: [
          match('peps', 'a', 'match', 'Senador', ['deceased']),
          match('peps', 'b', 'possible_match', 'Diputado'),
        ],
      },
    };
    expect(resultWithout(peps, (f) => f.entryId === 'b')).toBe('Riesgo Bajo');
    expect(resultWithout(LEGAL, (f) => f.entryId === 'u-1')).toBe('Riesgo Bajo');
    expect(resultWithout(LEGAL, () => true)).toBe('Aprobado');
  });
});

describe('processReview', () => {
  it('is null without findings', () => {
    expect(processReview(NEWS, [], [])).toBeNull();
  });

  it('is pending until every finding has a decision, then reviewed', () => {
    expect(processReview(GWL, [], [])).toEqual({
      status: 'pending',
      reviewedResult: 'Riesgo Alto',
      disputed: false,
    });
    const one = [decision(GWL, 'ofac-sdn', '36125', 'confirmed')];
    expect(processReview(GWL, one, [])?.status).toBe('pending');
    const both = [...one, decision(GWL, 'un-consolidated', '6908556', 'dismissed')];
    expect(processReview(GWL, both, [])).toEqual({
      status: 'reviewed',
      reviewedResult: 'Riesgo Alto',
      disputed: false,
    });
  });

  it('stops counting dismissed findings; the latest decision on a finding replaces the earlier', () => {
    const dismissed = [decision(GWL, 'ofac-sdn', '36125', 'dismissed')];
    expect(processReview(GWL, dismissed, [])?.reviewedResult).toBe('Riesgo Bajo');
    const changedMind = [...dismissed, decision(GWL, 'ofac-sdn', '36125', 'confirmed')];
    expect(processReview(GWL, changedMind, [])?.reviewedResult).toBe('Riesgo Alto');
    expect(
      processReview(LEGAL, [decision(LEGAL, 'legal-records', 'u-1', 'dismissed')], [])?.reviewedResult,
    ).toBe('Riesgo Bajo');
  });

  it("ignores decisions of another process or of the process's earlier run", () => {
    const other = { ...GWL, id: 'p-other' };
    expect(processReview(GWL, [decision(other, 'ofac-sdn', '36125', 'dismissed')], [])?.reviewedResult).toBe(
      'Riesgo Alto',
    );
    const earlier = decision(GWL, 'ofac-sdn', '36125', 'dismissed', { processGeneration: 0 });
    expect(processReview(GWL, [earlier], [])).toEqual({
      status: 'pending',
      reviewedResult: 'Riesgo Alto',
      disputed: false,
    });
  });

  it('says disputed while a dispute has no later review of its finding', () => {
    const before = decision(GWL, 'ofac-sdn', '36125', 'confirmed');
    const disputed = dispute(GWL, 'ofac-sdn', '36125');
    expect(processReview(GWL, [before], [disputed])?.disputed).toBe(true);
    expect(disputeIsOpen(disputed, [before])).toBe(true);
    const after = decision(GWL, 'ofac-sdn', '36125', 'dismissed');
    expect(processReview(GWL, [before, after], [disputed])?.disputed).toBe(false);
    expect(openDisputes(GWL.id, [disputed], [before])).toEqual([{ source: 'ofac-sdn', entryId: '36125' }]);
    expect(openDisputes(GWL.id, [disputed], [before, after])).toEqual([]);
  });
});

describe('reviewedRequestResult', () => {
  const finished = (p: ReviewedProcess, review: RequestProcess['review']) => ({
    status: 'Finalizado' as const,
    result: p.result,
    startDate: 1,
    endDate: 2,
    review,
  });

  it("is the request's result with each reviewed process's reviewed result", () => {
    const processes = [
      finished(GWL, { status: 'reviewed', reviewedResult: 'Aprobado', disputed: false }),
      finished(NEWS, null),
    ];
    expect(reviewedRequestResult(processes, null)).toBe('Riesgo Bajo');
  });

  it('is raised to at least a confirmed alert, never lowered by one', () => {
    const clean = [finished(GWL, { status: 'reviewed', reviewedResult: 'Aprobado', disputed: false })];
    expect(reviewedRequestResult(clean, 'Riesgo Medio')).toBe('Riesgo Medio');
    expect(reviewedRequestResult([finished(GWL, null)], 'Riesgo Bajo')).toBe('Riesgo Alto');
  });

  it('is Pendiente while a process runs, as the result is', () => {
    const running = {
      status: 'En proceso' as const,
      result: 'Pendiente' as const,
      startDate: 1,
      endDate: null,
      review: null,
    };
    expect(reviewedRequestResult([running], 'Riesgo Alto')).toBe('Pendiente');
  });
});

describe('confirmedAlertResult', () => {
  const alert = (
    source: string,
    listStatus: string,
    decided: 'match' | 'possible_match' = 'match',
    person?: ConfirmedAlert['person'],
  ): ConfirmedAlert => ({
    source,
    entryId: 'e-1',
    match: { listStatus, decision: decided, features: [] },
    person,
  });

  it("is the matching rule's result on the alert's match alone", () => {
    expect(confirmedAlertResult(alert('ofac-sdn', 'SDGT'), null, [])).toBe('Riesgo Alto');
    expect(confirmedAlertResult(alert('sat-69b', 'Desvirtuado'), null, [])).toBe('Riesgo Bajo');
    expect(confirmedAlertResult(alert('sat-69', 'Firmes'), null, [])).toBe('Riesgo Medio');
    expect(confirmedAlertResult(alert('ofac-sdn', 'SDGT', 'possible_match'), null, [])).toBe('Riesgo Bajo');
  });

  it("for a legal-records person, BGC Legal's rule over the persons that still count and this one", () => {
    // Alone: 2 lawsuits as defendant (Riesgo Medio); with BGC Legal's u-1 (1 as defendant): 3, Riesgo Alto.
    const legal = alert('legal-records', '2 lawsuits', 'match', { lawsuits: 2, asDefendant: 2 });
    expect(confirmedAlertResult(legal, null, [])).toBe('Riesgo Medio');
    expect(confirmedAlertResult(legal, LEGAL, [])).toBe('Riesgo Alto');
    // u-1 dismissed: it no longer counts.
    expect(confirmedAlertResult(legal, LEGAL, [decision(LEGAL, 'legal-records', 'u-1', 'dismissed')])).toBe(
      'Riesgo Medio',
    );
    // A person gone from the corpus still counts as one lawsuit.
    expect(confirmedAlertResult(alert('legal-records', '1 lawsuit', 'match', null), null, [])).toBe(
      'Riesgo Bajo',
    );
  });
});

describe('requestReviewChange', () => {
  const stored = (p: ReviewedProcess): RequestProcess => ({
    ...p,
    status: 'Finalizado',
    startDate: 1,
    endDate: 2,
    review: processReview(p, [], []),
  });
  const request = { processes: [stored(GWL), stored(LEGAL), stored(NEWS)], confirmedAlertResult: null };

  it('names only the processes whose review changed, and whether the reviewed result moved', () => {
    const dismissedOfac = [decision(GWL, 'ofac-sdn', '36125', 'dismissed')];
    const change = requestReviewChange(request, dismissedOfac, [], []);
    expect(change.processes).toEqual([
      { id: 'p-gwl', review: { status: 'pending', reviewedResult: 'Riesgo Bajo', disputed: false } },
    ]);
    expect(change).toMatchObject({
      reviewedResult: 'Riesgo Medio',
      reviewedResultChanged: true,
      confirmedAlertResult: null,
    });
    const confirmed = requestReviewChange(request, [decision(GWL, 'ofac-sdn', '36125', 'confirmed')], [], []);
    expect(confirmed).toMatchObject({ reviewedResult: 'Riesgo Alto', reviewedResultChanged: false });
  });

  it('raises the reviewed result with a confirmed alert', () => {
    const clean = {
      processes: [{ ...stored(NEWS), result: 'Aprobado' as const }],
      confirmedAlertResult: null,
    };
    const alert: ConfirmedAlert = {
      source: 'ofac-sdn',
      entryId: '1',
      match: { listStatus: 'SDGT', decision: 'match', features: [] },
    };
    expect(requestReviewChange(clean, [], [], [alert])).toMatchObject({
      confirmedAlertResult: 'Riesgo Alto',
      reviewedResult: 'Riesgo Alto',
      reviewedResultChanged: true,
    });
  });

  it('marks a process disputed without moving the result', () => {
    const change = requestReviewChange(request, [], [dispute(LEGAL, 'legal-records', 'u-2')], []);
    expect(change.processes).toEqual([
      { id: 'p-legal', review: { status: 'pending', reviewedResult: 'Riesgo Medio', disputed: true } },
    ]);
    expect(change.reviewedResultChanged).toBe(false);
  });
});

describe('dismissal memory', () => {
  it('remembers findings whose latest decision is a dismissal, in the state they had', () => {
    const decisions = [
      decision(GWL, 'ofac-sdn', '1', 'dismissed', { entryState: 'a' }),
      decision(GWL, 'ofac-sdn', '2', 'dismissed', { entryState: 'b' }),
      decision(GWL, 'ofac-sdn', '2', 'confirmed', { entryState: 'b' }),
      decision(GWL, 'ofac-sdn', '3', 'dismissed', { entryState: null }),
    ];
    const memory = dismissedFindings(decisions);
    expect(memory).toEqual([{ source: 'ofac-sdn', entryId: '1', entryState: 'a' }]);
    expect(isDismissed(memory, { source: 'ofac-sdn', entryId: '1' }, 'a')).toBe(true);
    expect(isDismissed(memory, { source: 'ofac-sdn', entryId: '1' }, 'changed')).toBe(false);
    expect(isDismissed(memory, { source: 'un-consolidated', entryId: '1' }, 'a')).toBe(false);
  });

  it("leaves BGC Legal's dismissed persons out of its counts", () => {
    const summary = {
      lawsuitsFound: 5,
      asDefendant: 3,
      categories: ['Civil', 'Penal'],
      persons: [person('u-1', 4, 3), { ...person('u-2', 1, 0), categories: ['Civil'] }],
    };
    expect(withoutPersons(summary, (p) => p.entryId === 'u-1')).toEqual({
      lawsuitsFound: 1,
      asDefendant: 0,
      categories: ['Civil'],
      persons: [summary.persons[1]],
    });
    expect(withoutPersons(summary, () => false)).toBe(summary);
  });
});

describe('legalBackgroundResult', () => {
  it.each([
    [0, 0, 'Aprobado'],
    [2, 0, 'Riesgo Bajo'],
    [3, 1, 'Riesgo Medio'],
    [3, 2, 'Riesgo Medio'],
    [5, 3, 'Riesgo Alto'],
  ])('%i lawsuits, %i as defendant: %s', (lawsuitsFound, asDefendant, result) => {
    expect(legalBackgroundResult({ lawsuitsFound, asDefendant })).toBe(result);
  });
});

describe('withDisputedFindings', () => {
  it('says of each match or person whether it is disputed; other summaries as they are', () => {
    const disputed = [
      { source: 'un-consolidated', entryId: '6908556' },
      { source: 'legal-records', entryId: 'u-2' },
    ];
    const gwl = withDisputedFindings(GWL.name, GWL.summary, disputed) as {
      matches: Array<{ disputed: boolean }>;
    };
    expect(gwl.matches.map((m) => m.disputed)).toEqual([false, true]);
    const legal = withDisputedFindings(LEGAL.name, LEGAL.summary, disputed) as {
      persons: Array<{ disputed: boolean }>;
    };
    expect(legal.persons.map((p) => p.disputed)).toEqual([false, true]);
    expect(withDisputedFindings(NEWS.name, NEWS.summary, disputed)).toBe(NEWS.summary);
  });
});

describe('review bodies', () => {
  const finding = { source: 'ofac-sdn', entryId: '36125' };

  it('accept a finding, a decision and a reason of 1..500 characters', () => {
    expect(reviewBodyViolations({ finding, decision: 'dismissed', reason: 'Homónimo.' })).toEqual([]);
    expect(
      reviewBodyViolations({ finding, decision: 'confirmed', reason: 'x'.repeat(MAX_REVIEW_REASON_LENGTH) }),
    ).toEqual([]);
  });

  it('name every field that breaks a rule', () => {
    const fields = (body: object) => reviewBodyViolations(body).map((v) => v.field);
    // A missing reason is too long (not a string), empty and not a string, as every required text.
    expect(fields({})).toEqual(['finding', 'decision', 'reason', 'reason', 'reason']);
    expect(fields({ finding: 'x', decision: 'maybe', reason: '' })).toEqual([
      'finding',
      'decision',
      'reason',
    ]);
    expect(
      fields({ finding: { source: 'ofac-sdn', extra: 1 }, decision: 'dismissed', reason: 'x'.repeat(501) }),
    ).toEqual(['finding.extra', 'finding.entryId', 'finding.entryId', 'finding.entryId', 'reason']);
    expect(fields({ finding, decision: 'dismissed', reason: 'a\u0007b' })).toEqual(['reason']);
  });

  it('a dispute needs a finding and a statement', () => {
    expect(disputeBodyViolations({ finding, statement: 'No soy yo.' })).toEqual([]);
    expect(disputeBodyViolations({ finding }).map((v) => v.field)).toEqual([
      'statement',
      'statement',
      'statement',
    ]);
  });

  it('a finding the process does not have is a 400 naming finding', () => {
    expect(notAFindingViolation(finding, 'process')).toEqual({
      field: 'finding',
      message: expect.stringContaining('ofac-sdn/36125 is not a finding of this process'),
    });
    expect(notAFindingViolation(finding, 'request').message).toContain(
      'is not a finding of this candidate request',
    );
  });
});
