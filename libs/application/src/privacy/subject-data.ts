import {
  type ArcoSubject,
  searchNameKey,
  subjectIdentifiers,
  subjectMatchesCandidate,
  subjectMatchesSearch,
  subjectNameKey,
} from '@app/domain';
import type {
  CandidatePrefilter,
  PrivacyMatch,
  PrivacyRequestRepository,
  SubjectCandidate,
} from '@app/persistence';

/** What finding a subject's data reads: `PrivacyRequestRepository` (an in-memory fake in the spec). */
export type SubjectDataStore = Pick<
  PrivacyRequestRepository,
  'candidatesLike' | 'searchesNamed' | 'monitorsOf' | 'grantedOppositionsLike'
>;

/** A candidate as the domain's match compares it (a company has no name: it matches no name). */
function asPerson(
  candidate: Pick<SubjectCandidate, 'name' | 'lastName' | 'secondLastName' | 'birthDate' | 'rfc' | 'curp'>,
) {
  return { ...candidate, name: candidate.name ?? '', lastName: candidate.lastName ?? '' };
}

/** The calendar date a subject gives, trimmed; null without one. */
function birthDateOf(subject: ArcoSubject): string | null {
  const date = subject.birthDate?.trim();
  return date ? date : null;
}

/**
 * Where a client holds data about a person (docs/privacy.md, "ARCO requests"). The database only
 * narrows by exact equalities on what its rows already hold (the client, an RFC or CURP, a birth
 * date, a search's name key computed by the domain); the domain's rules decide who is the person.
 */
export class SubjectData {
  constructor(private readonly store: SubjectDataStore) {}

  /**
   * The client's candidate requests about the subject, its legal-records searches of the
   * subject's name, and the monitors watching those requests; suppressed requests and searches are
   * not data any more and are left out.
   */
  async matchesOf(clientId: string, subject: ArcoSubject): Promise<PrivacyMatch[]> {
    const identifiers = subjectIdentifiers(subject);
    const decidedByIdentifier = identifiers.rfc !== undefined || identifiers.curp !== undefined;
    const candidates = await this.store.candidatesLike(clientId, {
      rfcs: identifiers.rfc !== undefined ? [identifiers.rfc] : [],
      curps: identifiers.curp !== undefined ? [identifiers.curp] : [],
      // An RFC or a CURP decides alone: a namesake born the same day is not read at all.
      birthDate: decidedByIdentifier ? null : birthDateOf(subject),
    });
    const requestIds = candidates
      .filter((candidate) => subjectMatchesCandidate(subject, asPerson(candidate)))
      .map((candidate) => candidate.requestId);
    const searches =
      subjectNameKey(subject) === null
        ? []
        : (await this.store.searchesNamed(clientId, searchNameKey(subject)))
            .filter((search) =>
              subjectMatchesSearch(subject, { ...search.query, lastName: search.query.lastName ?? '' }),
            )
            .map((search) => search.id);
    const monitors = await this.store.monitorsOf(clientId, requestIds);
    return [
      ...requestIds.map((id): PrivacyMatch => ({ type: 'candidate_request', id })),
      ...searches.map((id): PrivacyMatch => ({ type: 'search', id })),
      ...monitors.map((id): PrivacyMatch => ({ type: 'monitor', id })),
    ];
  }

  /** The client's granted oppositions whose subject is this candidate (their ids, oldest first). */
  async oppositionsAbout(
    clientId: string,
    candidate: Pick<SubjectCandidate, 'name' | 'lastName' | 'secondLastName' | 'birthDate' | 'rfc' | 'curp'>,
  ): Promise<string[]> {
    const like: CandidatePrefilter = {
      rfcs: candidate.rfc ? [candidate.rfc] : [],
      curps: candidate.curp ? [candidate.curp] : [],
      birthDate: candidate.birthDate,
    };
    if (like.rfcs.length === 0 && like.curps.length === 0 && like.birthDate === null) return [];
    const oppositions = await this.store.grantedOppositionsLike(clientId, like);
    return oppositions
      .filter((opposition) => subjectMatchesCandidate(opposition.subject, asPerson(candidate)))
      .map((opposition) => opposition.id);
  }
}
