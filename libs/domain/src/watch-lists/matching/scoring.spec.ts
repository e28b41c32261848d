import { compareSpellings, PART_DIFFERS, type PartMatch } from './name-parts';
import {
  matchDecision,
  identifierMatch,
  mayBeAHit,
  notCompared,
  personScore,
  scorePerson,
  type PersonNameMatch,
  type Qualifiers,
} from './scoring';

describe('matchDecision (docs/watch-list-matching.md: match from 0.90, possible_match from 0.75)', () => {
  it.each([
    [1, 'match'],
    [0.9, 'match'],
    [0.899, 'possible_match'],
    [0.75, 'possible_match'],
    [0.749, 'no_match'],
    [0, 'no_match'],
  ])('%p -> %p', (score, decision) => {
    expect(matchDecision(score)).toBe(decision);
  });
});

const EXACT = compareSpellings('X', 'X');
const TYPO = compareSpellings('ZUBIRIA', 'ZUBIRA');
const INITIAL = compareSpellings('J', 'JOSE', true);
const name = (
  given: PartMatch | null,
  paternal: PartMatch | null,
  maternal: PartMatch | null,
): PersonNameMatch => ({
  given,
  paternal,
  maternal,
  subjectPaternal: 'ZUBIRIA',
  listedPaternal: 'ZUBIRIA',
  subjectMaternal: 'OCHOA',
  listedMaternal: 'OCHOA',
  reordered: false,
});
const nothing: Qualifiers = {
  birthDates: null,
  nationality: null,
  gender: null,
  rfcDiffers: false,
  curpDiffers: false,
  rfcStem: false,
};
const sameDay: Qualifiers = { ...nothing, birthDates: 'same' };

describe('scorePerson: the limits and who carries them', () => {
  it.each([
    [
      'a given name that differs: no_match',
      name(PART_DIFFERS, EXACT, EXACT),
      sameDay,
      'no_match',
      'given_name_differs',
    ],
    [
      'a paternal surname that differs: no_match',
      name(EXACT, PART_DIFFERS, EXACT),
      sameDay,
      'no_match',
      'paternal_surname_differs',
    ],
    [
      'no given name on a side: no_match',
      name(null, EXACT, EXACT),
      sameDay,
      'no_match',
      'given_name_missing',
    ],
    [
      'a maternal surname that differs: below match',
      name(EXACT, EXACT, PART_DIFFERS),
      sameDay,
      'possible_match',
      'maternal_surname_differs',
    ],
    [
      'a maternal surname missing, no date: below match',
      name(EXACT, EXACT, null),
      nothing,
      'possible_match',
      'maternal_surname_missing',
    ],
    [
      'a maternal surname missing, the same day: match',
      name(EXACT, EXACT, null),
      sameDay,
      'match',
      'maternal_surname_missing',
    ],
    ['a typo, no date: below match', name(EXACT, TYPO, EXACT), nothing, 'possible_match', 'spelling_differs'],
    ['a typo, the same day: match', name(EXACT, TYPO, EXACT), sameDay, 'match', 'name_similar'],
    [
      'an RFC that differs: below match',
      name(EXACT, EXACT, EXACT),
      { ...sameDay, rfcDiffers: true },
      'possible_match',
      'rfc_differs',
    ],
    [
      'a CURP that differs: below match',
      name(EXACT, EXACT, EXACT),
      { ...sameDay, curpDiffers: true },
      'possible_match',
      'curp_differs',
    ],
    ['all agrees: match', name(EXACT, EXACT, EXACT), sameDay, 'match', 'name_exact'],
    [
      'a given name written as its initial, no date: below match',
      name(INITIAL, EXACT, EXACT),
      nothing,
      'possible_match',
      'given_name_initial',
    ],
    [
      'a given name written as its initial, the same day: match',
      name(INITIAL, EXACT, EXACT),
      sameDay,
      'match',
      'name_similar',
    ],
    [
      'the fields read the other way round: a possible match, never a match on the name alone',
      { ...name(EXACT, EXACT, EXACT), reordered: true },
      nothing,
      'possible_match',
      'name_reordered',
    ],
    [
      'the fields read the other way round, the same day: still below match',
      { ...name(EXACT, EXACT, EXACT), reordered: true },
      sameDay,
      'possible_match',
      'name_reordered',
    ],
    [
      "an RFC stem the candidate's RFC begins with: at least a possible match, whatever the name",
      name(PART_DIFFERS, PART_DIFFERS, null),
      { ...nothing, rfcStem: true },
      'possible_match',
      'rfc_stem',
    ],
    [
      'an RFC stem and the same name and day: a match',
      name(EXACT, EXACT, EXACT),
      { ...sameDay, rfcStem: true },
      'match',
      'rfc_stem',
    ],
  ])('%s', (_, match, q, decision, feature) => {
    const comparison = scorePerson(match, q, null);
    expect(comparison.decision).toBe(decision);
    expect(comparison.features.map((f) => f.feature)).toContain(feature);
    expect(Math.round(comparison.features.reduce((sum, f) => sum + f.effect, 0) * 1000)).toBe(
      Math.round(comparison.score * 1000),
    );
    expect(personScore(match, q, null)).toBe(Math.round(comparison.score * 1000));
  });

  it('weighs an alias a little less than the primary name, a weak alias more', () => {
    const primary = scorePerson(name(EXACT, EXACT, EXACT), nothing, null).score;
    const strong = scorePerson(name(EXACT, EXACT, EXACT), nothing, 'strong').score;
    const weak = scorePerson(name(EXACT, EXACT, EXACT), nothing, 'weak').score;
    expect(primary).toBeGreaterThan(strong);
    expect(strong).toBeGreaterThan(weak);
  });

  it('knows a reading with a given name or paternal surname that differs can never be a hit', () => {
    expect(mayBeAHit(name(EXACT, EXACT, PART_DIFFERS))).toBe(true);
    expect(mayBeAHit(name(EXACT, TYPO, null))).toBe(true);
    expect(mayBeAHit(name(PART_DIFFERS, EXACT, EXACT))).toBe(false);
    expect(mayBeAHit(name(EXACT, null, EXACT))).toBe(false);
  });
});

describe('comparisons decided before names', () => {
  it('an identifier is a match with score 1', () => {
    expect(identifierMatch('curp_exact')).toEqual({
      score: 1,
      decision: 'match',
      features: [{ feature: 'curp_exact', effect: 1, label: 'CURP idéntica' }],
    });
  });

  it('what cannot be compared is a no_match with score 0', () => {
    expect(notCompared('redacted')).toEqual({
      score: 0,
      decision: 'no_match',
      features: [{ feature: 'redacted', effect: 0, label: 'Registro testado en la lista' }],
    });
  });
});
