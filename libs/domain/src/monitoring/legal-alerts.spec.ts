import { decideLegalAlert, LegalPersonChange } from './legal-alerts';

const change = (over: Partial<LegalPersonChange>): LegalPersonChange => ({
  personUuid: 'p1',
  personChange: null,
  lawsuitsAdded: [],
  fullName: 'Juan Pérez López',
  nameKey: 'juan perez lopez',
  lawsuitCount: 2,
  ...over,
});

describe('decideLegalAlert', () => {
  it.each([
    ['a new person', { personChange: 'added' as const }, 'person:juan perez lopez'],
    ['a replaced person', { personChange: 'replaced' as const }, 'person:juan perez lopez'],
    ['a new lawsuit of a person', { lawsuitsAdded: ['l2', 'l1'] }, 'lawsuits:l1,l2'],
    [
      'a new person with its lawsuits',
      { personChange: 'added' as const, lawsuitsAdded: ['l1'] },
      'lawsuits:l1',
    ],
    ['only replaced lawsuits', {}, null],
  ])('%s', (_name, over, state) => {
    const decision = decideLegalAlert(change(over));
    expect(decision?.entryState ?? null).toBe(state);
    if (decision)
      expect(decision).toMatchObject({
        kind: 'new_match',
        entryId: 'p1',
        match: { decision: 'match', listStatus: '2 lawsuits' },
      });
  });
});
