import type { ScreeningSubject } from '../watch-lists/comparison';
import type { MatchableEntry } from '../watch-lists/matching/compare';
import { compareFields } from '../watch-lists/matching/field-comparison';
import { featureOf } from '../watch-lists/matching/scoring';
import { LEGAL_RECORDS_SOURCE } from './monitor';
import type { AlertDecision } from './alerts';

/**
 * docs/monitoring.md, legal records: after a corpus ingest, a monitored candidate whose `BGC Legal` name
 * query matches a person the ingest added or changed is alerted (`new_match`, source
 * `legal-records`, `entryId` the person's uuid) when the person is new to the corpus, was replaced
 * (a new name may match now), or gained lawsuits. The match itself is the search's rule (every
 * key of the candidate's query among the person's keys): the store finds those pairs.
 */

/** What an ingest did to one person that a monitor's query matches. */
export interface LegalPersonChange {
  personUuid: string;
  /** The person's own line: new, or replaced; null when only lawsuits changed. */
  personChange: 'added' | 'replaced' | null;
  /** Lawsuits that name the person now and did not before. */
  lawsuitsAdded: readonly string[];
  /** The person's name as the corpus shows it. */
  fullName: string;
  /** The same, in the parts the corpus keeps apart. */
  givenNames: string;
  lastName: string;
  secondLastName: string | null;
  /** Folded name (the corpus's name key): a replaced person's state. */
  nameKey: string;
  lawsuitCount: number;
}

/**
 * The alert a change calls for, or null. Its state (what the fingerprint remembers) is the new
 * lawsuits when there are any, else the person's name: a dismissed alert stays dismissed while the
 * person stays as it was, and a new lawsuit or a new name raises a new one.
 */
export function decideLegalAlert(
  change: LegalPersonChange,
  candidate: ScreeningSubject,
): AlertDecision | null {
  const lawsuits = [...change.lawsuitsAdded].sort();
  if (lawsuits.length === 0 && change.personChange === null) return null;
  return {
    kind: 'new_match',
    entryId: change.personUuid,
    entryState: lawsuits.length ? `lawsuits:${lawsuits.join(',')}` : `person:${change.nameKey}`,
    match: {
      score: 1,
      decision: 'match',
      features: [featureOf('name_exact', 1)],
      listedName: change.fullName,
      listStatus: `${change.lawsuitCount} ${change.lawsuitCount === 1 ? 'lawsuit' : 'lawsuits'}`,
      comparison: compareFields(candidate, personEntry(change), 0),
    },
  };
}

/** The corpus's person as a list entry holding only a name, to compare the candidate with field by field. */
function personEntry(change: LegalPersonChange): MatchableEntry {
  const surnames = [change.lastName, change.secondLastName].filter((part) => part).join(' ');
  return {
    kind: 'person',
    names: [
      { text: change.fullName, order: 'given-first', given: change.givenNames, surnames, alias: false },
    ],
    rfcs: [],
    curps: [],
    birthDates: [],
    nationalities: [],
    gender: null,
    redacted: false,
  };
}

export const isLegalSource = (source: string): boolean => source === LEGAL_RECORDS_SOURCE;
