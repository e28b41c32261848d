import { WATCH_LIST_SOURCES } from '../watch-lists/entry';
import { COMPARED_FIELDS } from '../watch-lists/matching/field-comparison';
import { field, SummaryOf, summarySchema } from './summary-schema';

/**
 * Typed executive summaries, one per process type (the catalogue, process-types.ts, says which).
 * Each is defined once: `PepsSummary` is both the schema (a value; the api documents it in Swagger
 * as PepsSummaryDto) and the TypeScript type (derived from that value).
 */

/** One field of a match, the candidate's value beside the entry's (watch-lists/matching/field-comparison.ts). */
export const FieldComparisonSchema = summarySchema('FieldComparison', {
  field: field.oneOf(COMPARED_FIELDS, { example: 'paternalSurname', description: 'What is compared' }),
  candidate: field.nullableString({
    example: 'García',
    description: 'As the candidate registered it (or as the screening sent it); null when not given',
  }),
  listed: field.nullableString({
    example: 'GARCIA',
    description:
      "As the list entry holds it, the name's parts as the matcher read the listed name; null when it holds none. Of several values, the one that is the candidate's (the closest birth date), else all of them joined with ', '",
  }),
  same: field.nullableBoolean({
    example: true,
    description:
      'Whether both are the same once folded as the matcher folds names (case, accents, spaces: José is JOSE; given names in any order); a list that gives only the birth year agrees on the year; null when either side is missing',
  }),
});

/**
 * The three processes that answer from official list files (Peps, Listas negras del SAT, Global
 * Watch List; docs/watch-list-matching.md): which versions were read and what matched, best first.
 */
export const WatchListScreeningSummary = summarySchema('WatchListScreeningSummary', {
  listsChecked: field.list(
    summarySchema('ListChecked', {
      source: field.oneOf(WATCH_LIST_SOURCES, { description: 'The list' }),
      version: field.number({ example: 3, description: 'The version of the list that was read' }),
      asOf: field.nullableString({
        example: '2026-11-20',
        format: 'date',
        description:
          "The publisher's date of that version; null when its files carry none (OFAC's CSV, FtM exports, the article 69 files)",
      }),
    }),
    { description: 'Every list the process read, one version each' },
  ),
  matches: field.list(
    summarySchema('ListMatch', {
      source: field.oneOf(WATCH_LIST_SOURCES),
      entryId: field.string({
        example: '12345',
        description:
          "The list's own key of the entry: the RFC for the SAT lists, OFAC's ent_num, the UN DATAID, the PEP id",
      }),
      listedName: field.string({
        example: 'GARCIA LOPEZ, Juan',
        description: 'The name or alias as the list writes it',
      }),
      listStatus: field.string({
        example: 'SDNTK',
        description:
          'The 69-B situation, the article 69 assumptions, the OFAC programs, the UN list type or the PEP positions',
      }),
      score: field.number({ minimum: 0, maximum: 1, example: 0.94 }),
      decision: field.oneOf(['match', 'possible_match']),
      features: field.list(
        summarySchema('MatchFeature', {
          feature: field.string({
            example: 'name_exact',
            description: 'What was compared and how it came out',
          }),
          effect: field.number({
            example: 0.9,
            description: 'What it added to the score (negative: took away)',
          }),
          label: field.string({
            example: 'Nombre idéntico',
            description:
              'The feature in a Spanish sentence for a person to read (one per code: docs/watch-list-matching.md, "Labels")',
          }),
        }),
        { description: 'Why the score is what it is' },
      ),
      disputed: field.boolean({
        description:
          'In a process detail: true while the candidate disputes this finding and no later review has decided it. Absent from ad-hoc screenings and alerts',
        required: false,
      }),
      comparison: field.list(FieldComparisonSchema, {
        description:
          'The candidate beside the entry, field by field: for a person givenNames, paternalSurname, maternalSurname, birthDate, rfc, curp and nationality; for a company businessName, rfc and nationality. Absent on processes finished before comparisons were recorded.',
        required: false,
      }),
    }),
    { description: 'Matches and possible matches, best first, at most 20' },
  ),
});
export type WatchListScreeningSummary = SummaryOf<typeof WatchListScreeningSummary>;

export const CreditReportSummary = summarySchema('CreditReportSummary', {
  score: field.number({ minimum: 300, maximum: 850, example: 712 }),
  openAccounts: field.number({ example: 4 }),
  accountsInArrears: field.number({ example: 0 }),
  totalDebtMxn: field.number({ example: 85000, description: 'Total debt in MXN' }),
});
export type CreditReportSummary = SummaryOf<typeof CreditReportSummary>;

export const LegalBackgroundSummary = summarySchema('LegalBackgroundSummary', {
  lawsuitsFound: field.number({
    example: 2,
    description: 'Lawsuits of the persons matching the candidate in the legal-records corpus',
  }),
  asDefendant: field.number({ example: 1 }),
  categories: field.strings({ example: ['Civil'] }),
  persons: field.list(
    summarySchema('LegalPersonFound', {
      entryId: field.string({
        format: 'uuid',
        example: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
        description:
          "The person's uuid in the legal-records corpus: the `entryId` of a review's finding (source `legal-records`)",
      }),
      fullName: field.string({
        example: 'JUAN GARCIA LOPEZ',
        description: 'The name as the corpus writes it',
      }),
      lawsuits: field.number({ example: 2 }),
      asDefendant: field.number({ example: 1 }),
      categories: field.strings({ example: ['Civil'] }),
      disputed: field.boolean({
        description: 'True while the candidate disputes this finding and no later review has decided it',
      }),
    }),
    {
      description:
        'The persons matched, most lawsuits first (at most 20): each one is a finding a reviewer decides on. Absent on processes finished before persons were recorded.',
      required: false,
    },
  ),
});
export type LegalBackgroundSummary = SummaryOf<typeof LegalBackgroundSummary>;

export const NewsSummary = summarySchema('NewsSummary', {
  articlesFound: field.number({ example: 3 }),
  adverseArticles: field.number({ example: 0 }),
});
export type NewsSummary = SummaryOf<typeof NewsSummary>;

export const LaborBackgroundSummary = summarySchema('LaborBackgroundSummary', {
  lawsuitsAsWorker: field.number({ example: 0 }),
  lawsuitsAsEmployer: field.number({ example: 0 }),
});
export type LaborBackgroundSummary = SummaryOf<typeof LaborBackgroundSummary>;

export const EducationSummary = summarySchema('EducationSummary', {
  degreeVerified: field.boolean(),
  institution: field.string({ example: 'UNAM' }),
  level: field.oneOf(['Bachillerato', 'Licenciatura', 'Maestría', 'Doctorado']),
});
export type EducationSummary = SummaryOf<typeof EducationSummary>;

export const GeolocationSummary = summarySchema('GeolocationSummary', {
  addressVerified: field.boolean(),
  distanceKm: field.number({ example: 2, description: 'Distance between declared and verified address' }),
});
export type GeolocationSummary = SummaryOf<typeof GeolocationSummary>;

export const DocumentsSummary = summarySchema('DocumentsSummary', {
  documentsReceived: field.number({ example: 2 }),
  documentsVerified: field.number({ example: 2 }),
  types: field.strings({ example: ['INE', 'COMPROBANTE_DOMICILIO'] }),
});
export type DocumentsSummary = SummaryOf<typeof DocumentsSummary>;

export const ReferencesSummary = summarySchema('ReferencesSummary', {
  referencesProvided: field.number({ example: 2 }),
  referencesConfirmed: field.number({ example: 2 }),
});
export type ReferencesSummary = SummaryOf<typeof ReferencesSummary>;

/** When the provider gave no answer after its retries (any process type). */
export const UnavailableSummary = summarySchema('UnavailableSummary', {
  providerAnswered: field.false(),
  reason: field.string({ example: 'The Peps provider gave no answer after 3 attempts.' }),
});
export type UnavailableSummary = SummaryOf<typeof UnavailableSummary>;

/**
 * Every summary a process type can have, in the order the API document lists them (a new summary
 * is added here too; a unit test checks that the catalogue uses no other).
 */
export const PROCESS_SUMMARIES = [
  WatchListScreeningSummary,
  CreditReportSummary,
  LegalBackgroundSummary,
  NewsSummary,
  LaborBackgroundSummary,
  EducationSummary,
  GeolocationSummary,
  DocumentsSummary,
  ReferencesSummary,
] as const;

export type ProcessSummary = SummaryOf<(typeof PROCESS_SUMMARIES)[number]> | UnavailableSummary;
