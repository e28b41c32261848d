import { decideLegalAlert, LegalPersonChange } from './legal-alerts';

const change = (over: Partial<LegalPersonChange>): LegalPersonChange => ({
  personUuid: 'p1',
  personChange: null,
  lawsuitsAdded: [],
  fullName: 'Juan Pérez López',
  givenNames: 'Juan',
  lastName: 'Pérez',
  secondLastName: 'López',
  nameKey: 'juan perez lopez',
  lawsuitCount: 2,
  ...over,
});

const CANDIDATE = { kind: 'person', name: 'Juan', lastName: 'Perez', secondLastName: 'López' } as const;

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
    const decision = decideLegalAlert(change(over), CANDIDATE);
    expect(decision?.entryState ?? null).toBe(state);
    if (decision)
      expect(decision).toMatchObject({
        kind: 'new_match',
        entryId: 'p1',
        match: { decision: 'match', listStatus: '2 lawsuits' },
      });
  });

  it('explains the match with its label and the candidate beside the person, field by field', () => {
    const match = decideLegalAlert(change({ personChange: 'added' }), CANDIDATE)!.match;
    expect(match.features).toEqual([{ feature: 'name_exact', effect: 1, label: 'Nombre idéntico' }]);
    expect(match.comparison.slice(0, 4)).toEqual([
      { field: 'givenNames', candidate: 'Juan', listed: 'Juan', same: true },
      { field: 'paternalSurname', candidate: 'Perez', listed: 'Pérez', same: true },
      { field: 'maternalSurname', candidate: 'López', listed: 'López', same: true },
      { field: 'birthDate', candidate: null, listed: null, same: null },
    ]);
  });
});
