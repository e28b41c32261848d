import type { Comparison, MatchDecision, MatchFeature } from '../comparison';
import type { BirthDateAgreement } from './birth-dates';
import type { EntityNameMatch } from './entity-names';
import { FEATURE_LABELS, type MatchFeatureCode } from './feature-labels';
import { agrees, type PartMatch } from './name-parts';
import { surnameCommonness } from './surname-frequencies';

/**
 * The score and decision rules of docs/watch-list-matching.md, all here. A score is the sum of its features'
 * effects (clamped to 0..1 as they are added); a rule that limits the score ("at most a
 * `possible_match`") adds what it removes to the feature that states the reason, so the features
 * always add up to the score. Effects are kept in thousandths, so rounding never breaks the sum.
 */

export const MATCH_FROM = 0.9;
export const POSSIBLE_MATCH_FROM = 0.75;

export function matchDecision(score: number): MatchDecision {
  if (score >= MATCH_FROM) return 'match';
  if (score >= POSSIBLE_MATCH_FROM) return 'possible_match';
  return 'no_match';
}

/** Thousandths of the score. */
const WEIGHT = {
  /** How the parts of a person's name share the name's 1.000 when all three are compared. */
  given: 300,
  paternal: 400,
  maternal: 300,
  /** A name form the publisher marks as an alias weighs less than the primary name. */
  alias: -30,
  weakAlias: -80,
  maternalMissing: -50,
  /** Per agreeing surname, times its commonness (0 rare .. 1 Hernández). */
  commonSurname: -70,
  birthDateSame: 80,
  birthYearSame: 40,
  birthDateOtherDay: -120,
  birthYearDiffers: -200,
  nationalitySame: 20,
  nationalityDiffers: -50,
  genderDiffers: -100,
  legalFormDiffers: -50,
} as const;

/**
 * Surnames this common together (the sum of their commonness: one in the top ninety or so, or
 * two in the top two hundred) name tens of people in Mexico: without a birth date to compare,
 * such a name alone is for review, never a `match`.
 */
const COMMON_NAME_NEEDS_DATE = 0.25;

/** "At most a `possible_match`": the highest score below `match`. */
const BELOW_MATCH = 890;
/**
 * A name that agrees only read the other way round (surnames typed as given names): a
 * `possible_match` for review, low among them. Kept under every score a candidate's own name can
 * reach against itself without a maternal surname (880 at the commonest surname), so that the
 * index's early stop (`scoreCeiling`) never has to wait for such a reading.
 */
const REORDERED = 800;
/** "`no_match`": the highest score that rules now allow; below `possible_match`. */
const BELOW_POSSIBLE = 700;

/** How one side's name parts compare with the other's; null where a side does not give the part. */
export interface PersonNameMatch {
  given: PartMatch | null;
  paternal: PartMatch | null;
  maternal: PartMatch | null;
  /** The surnames as each side writes them (for their commonness). */
  subjectPaternal: string | null;
  listedPaternal: string | null;
  subjectMaternal: string | null;
  listedMaternal: string | null;
  /** The candidate's fields read the other way round (`PersonReading.reordered`). */
  reordered: boolean;
}

/** What is known of the two parties besides their names. */
export interface Qualifiers {
  birthDates: BirthDateAgreement | null;
  nationality: 'same' | 'differs' | null;
  gender: 'same' | 'differs' | null;
  /** The candidate's RFC / CURP against an entry that has one and it is another. */
  rfcDiffers: boolean;
  curpDiffers: boolean;
  /**
   * The entry gives a persona física's RFC without homoclave (OFAC's `R.F.C. AUAM-530929`) and the
   * candidate's RFC begins with it: the same person, or a namesake born the same day.
   */
  rfcStem: boolean;
}

/** The name form matched is an alias: `strong` unless the publisher calls it weak. */
export type AliasQuality = 'strong' | 'weak' | null;

/**
 * Features in thousandths. They add up; `settle` then brings the sum into 0..1000 by trimming the
 * last features that pushed it out (a same birth date cannot lift an exact name past 1), and each
 * limit (`cap`) charges what it removes to the feature that gives its reason. Without `explain`
 * it keeps only the total: the matcher scores every reading of every name of every candidate that
 * way and explains only the best.
 */
class ScoreSheet {
  private readonly effects: Map<MatchFeatureCode, number> | null;
  total = 0;

  constructor(explain: boolean) {
    this.effects = explain ? new Map() : null;
  }

  reset(): this {
    this.effects?.clear();
    this.total = 0;
    return this;
  }

  add(feature: MatchFeatureCode, effect: number): void {
    if (this.effects) this.effects.set(feature, (this.effects.get(feature) ?? 0) + effect);
    this.total += effect;
  }

  /** Into 0..1000: the excess is taken back from the latest features of its sign. */
  settle(): void {
    const excess = this.total > 1000 ? this.total - 1000 : this.total < 0 ? this.total : 0;
    if (excess === 0) return;
    this.total -= excess;
    if (!this.effects) return;
    let left = excess;
    for (const [feature, effect] of [...this.effects].reverse()) {
      if (left === 0) break;
      if (Math.sign(effect) !== Math.sign(left)) continue;
      const taken = Math.sign(left) * Math.min(Math.abs(effect), Math.abs(left));
      this.effects.set(feature, effect - taken);
      left -= taken;
    }
  }

  /** Limits the score, charging what it removes to `feature` (listed even when nothing is removed). */
  cap(limit: number, feature: MatchFeatureCode): void {
    this.add(feature, Math.min(0, limit - this.total));
  }

  /** Raises the score to at least `floor`, crediting what it adds to `feature` (listed even when nothing is added). */
  floor(floor: number, feature: MatchFeatureCode): void {
    this.add(feature, Math.max(0, floor - this.total));
  }

  comparison(): Comparison {
    const features: MatchFeature[] = [...(this.effects ?? [])].map(([feature, effect]) =>
      featureOf(feature, effect / 1000),
    );
    const score = this.total / 1000;
    return { score, decision: matchDecision(score), features };
  }
}

/** A feature as a comparison explains it: its code, its effect and its label. */
export const featureOf = (feature: MatchFeatureCode, effect: number): MatchFeature => ({
  feature,
  effect,
  label: FEATURE_LABELS[feature],
});

/** An identifier decides alone: `match`, score 1. */
export function identifierMatch(feature: 'rfc_exact' | 'curp_exact'): Comparison {
  return { score: 1, decision: 'match', features: [featureOf(feature, 1)] };
}

/**
 * A comparison with a person who died says so (`deceased`, no effect: the person is still screened;
 * what it means for a PEP's result is list-screening.ts's).
 */
export function saysDeceased(comparison: Comparison): Comparison {
  return { ...comparison, features: [...comparison.features, featureOf('deceased', 0)] };
}

/** A comparison that cannot be made (`redacted`, `kind_differs`, `name_missing`): `no_match`, score 0. */
export function notCompared(feature: 'redacted' | 'kind_differs' | 'name_missing'): Comparison {
  return { score: 0, decision: 'no_match', features: [featureOf(feature, 0)] };
}

function commonness(a: string | null, b: string | null): number {
  return Math.max(a ? surnameCommonness(a) : 0, b ? surnameCommonness(b) : 0);
}

function addQualifiers(sheet: ScoreSheet, q: Qualifiers): void {
  if (q.birthDates === 'same') sheet.add('birth_date_same', WEIGHT.birthDateSame);
  else if (q.birthDates === 'same-year') sheet.add('birth_date_same', WEIGHT.birthYearSame);
  else if (q.birthDates === 'same-year-other-day') sheet.add('birth_date_differs', WEIGHT.birthDateOtherDay);
  else if (q.birthDates === 'different-year') sheet.add('birth_date_differs', WEIGHT.birthYearDiffers);
  if (q.nationality === 'same') sheet.add('nationality_same', WEIGHT.nationalitySame);
  else if (q.nationality === 'differs') sheet.add('nationality_differs', WEIGHT.nationalityDiffers);
  if (q.gender === 'differs') sheet.add('gender_differs', WEIGHT.genderDiffers);
}

function capOnIdentifiers(sheet: ScoreSheet, q: Qualifiers): void {
  // "An entry whose RFC or CURP is present and differs from the candidate's is at most a possible_match."
  if (q.rfcDiffers) sheet.cap(BELOW_MATCH, 'rfc_differs');
  if (q.curpDiffers) sheet.cap(BELOW_MATCH, 'curp_differs');
  // An RFC stem the candidate's RFC begins with: at least a possible_match, whatever the name.
  if (q.rfcStem) sheet.floor(Math.round(POSSIBLE_MATCH_FROM * 1000), 'rfc_stem');
}

/**
 * A person's name against a listed person's, with what else is known of both:
 * 1. the name: each part both sides give earns its weight times its similarity (`name_exact` when
 *    all three parts are given and equal, else `name_similar`); a part that differs earns nothing
 *    and says so (`given_name_differs` -0.300 ...); with a maternal surname missing on a side, the
 *    given names and the paternal surname share the whole name's weight;
 * 2. `alias`, `maternal_surname_missing`, `common_surname` (agreeing on common surnames proves less);
 * 3. birth date, nationality, gender;
 * 4. the limits: a given name or paternal surname that differs (or is missing) -> `no_match`; a
 *    maternal surname that differs, a maternal surname missing or a part spelled differently
 *    (typo, sound-alike) without the same birth date, common surnames with no birth date to
 *    compare, or an RFC/CURP that differs -> at most `possible_match`.
 */
export function scorePerson(name: PersonNameMatch, q: Qualifiers, alias: AliasQuality): Comparison {
  return personSheet(name, q, alias, true).comparison();
}

/** The score alone, in thousandths (to pick the best reading before explaining it). */
export function personScore(name: PersonNameMatch, q: Qualifiers, alias: AliasQuality): number {
  return personSheet(name, q, alias, false).total;
}

/** Reused for scores that are not explained (one screening at a time: no sharing). */
const TALLY = new ScoreSheet(false);

const differs = (part: PartMatch | null): boolean => part !== null && !agrees(part);
const shareOf = (weight: number, weights: number) => Math.round((weight * 1000) / weights);
const earnedBy = (part: PartMatch | null, share: number) =>
  part === null ? 0 : agrees(part) ? Math.round(share * part.similarity) : share;

/**
 * False when the limits below make the reading a `no_match` whatever else is known (a given name
 * or paternal surname that differs or is missing): the index skips scoring such readings.
 */
export function mayBeAHit(name: PersonNameMatch): boolean {
  return name.given !== null && agrees(name.given) && name.paternal !== null && agrees(name.paternal);
}

function personSheet(
  name: PersonNameMatch,
  q: Qualifiers,
  alias: AliasQuality,
  explain: boolean,
): ScoreSheet {
  const sheet = explain ? new ScoreSheet(true) : TALLY.reset();
  const { given, paternal, maternal } = name;
  const weights =
    (given ? WEIGHT.given : 0) + (paternal ? WEIGHT.paternal : 0) + (maternal ? WEIGHT.maternal : 0);
  if (weights === 0) {
    sheet.add('name_differs', 0);
    return sheet;
  }
  const givenShare = shareOf(WEIGHT.given, weights);
  const paternalShare = shareOf(WEIGHT.paternal, weights);
  const maternalShare = shareOf(WEIGHT.maternal, weights);

  // 1. The name: each part given on both sides earns its share times its similarity; one that
  // differs earns it here and loses it below, so the feature that says so carries the loss.
  const exact = given?.verdict === 'exact' && paternal?.verdict === 'exact' && maternal?.verdict === 'exact';
  sheet.add(
    exact ? 'name_exact' : 'name_similar',
    earnedBy(given, givenShare) + earnedBy(paternal, paternalShare) + earnedBy(maternal, maternalShare),
  );
  if (differs(given)) sheet.add('given_name_differs', -givenShare);
  if (differs(paternal)) sheet.add('paternal_surname_differs', -paternalShare);
  if (differs(maternal)) sheet.add('maternal_surname_differs', -maternalShare);
  if (given === null) sheet.add('given_name_missing', 0);
  if (paternal === null) sheet.add('paternal_surname_missing', 0);

  // 2. Alias, missing maternal surname, common surnames.
  if (alias) sheet.add('alias', alias === 'weak' ? WEIGHT.weakAlias : WEIGHT.alias);
  if (maternal === null) sheet.add('maternal_surname_missing', WEIGHT.maternalMissing);
  let common = 0;
  if (paternal && agrees(paternal))
    common += commonness(name.subjectPaternal, name.listedPaternal) * paternal.similarity;
  if (maternal && agrees(maternal))
    common += commonness(name.subjectMaternal, name.listedMaternal) * maternal.similarity;
  if (common > 0) sheet.add('common_surname', Math.round(WEIGHT.commonSurname * common));

  // 3. Birth date, nationality, gender.
  addQualifiers(sheet, q);

  // 4. The limits, each charged to its reason.
  sheet.settle();
  const sameDay = q.birthDates === 'same';
  if (differs(given)) sheet.cap(BELOW_POSSIBLE, 'given_name_differs');
  if (given === null) sheet.cap(BELOW_POSSIBLE, 'given_name_missing');
  if (differs(paternal)) sheet.cap(BELOW_POSSIBLE, 'paternal_surname_differs');
  if (paternal === null) sheet.cap(BELOW_POSSIBLE, 'paternal_surname_missing');
  if (differs(maternal)) sheet.cap(BELOW_MATCH, 'maternal_surname_differs');
  if (maternal === null && !sameDay) sheet.cap(BELOW_MATCH, 'maternal_surname_missing');
  if (!sameDay && spelledDifferently(name)) sheet.cap(BELOW_MATCH, 'spelling_differs');
  if (!sameDay && given?.verdict === 'initial') sheet.cap(BELOW_MATCH, 'given_name_initial');
  if (name.reordered) sheet.cap(sameDay ? BELOW_MATCH : REORDERED, 'name_reordered');
  if (q.birthDates === null && common >= COMMON_NAME_NEEDS_DATE) sheet.cap(BELOW_MATCH, 'common_surname');
  capOnIdentifiers(sheet, q);
  return sheet;
}

/**
 * A part that agrees only through a typo or a sound-alike spelling: `HERNANDEZ` / `FERNANDEZ`,
 * `MESA` / `MEZA` are other families as often as they are typos, so without the same birth date
 * the name is for review (`possible_match`), not a `match`.
 */
function spelledDifferently(name: PersonNameMatch): boolean {
  const spelled = (part: PartMatch | null) => part?.verdict === 'typo' || part?.verdict === 'phonetic';
  return spelled(name.given) || spelled(name.paternal) || spelled(name.maternal);
}

/** A company's name against a listed entity's (`businessName` against the entity name). */
export function scoreEntity(name: EntityNameMatch, q: Qualifiers, alias: AliasQuality): Comparison {
  return entitySheet(name, q, alias, true).comparison();
}

/** The score alone, in thousandths. */
export function entityScore(name: EntityNameMatch, q: Qualifiers, alias: AliasQuality): number {
  return entitySheet(name, q, alias, false).total;
}

function entitySheet(
  name: EntityNameMatch,
  q: Qualifiers,
  alias: AliasQuality,
  explain: boolean,
): ScoreSheet {
  const sheet = explain ? new ScoreSheet(true) : TALLY.reset();
  sheet.add(name.exact ? 'name_exact' : 'name_similar', Math.round(name.similarity * 1000));
  if (name.legalFormDiffers) sheet.add('legal_form_differs', WEIGHT.legalFormDiffers);
  if (alias) sheet.add('alias', alias === 'weak' ? WEIGHT.weakAlias : WEIGHT.alias);
  addQualifiers(sheet, q);
  sheet.settle();
  capOnIdentifiers(sheet, q);
  return sheet;
}
