import { field, SummaryOf, summarySchema } from './summary-schema';

/**
 * Typed executive summaries, one per process type (the catalogue, process-types.ts, says which).
 * Each is defined once: `PepsSummary` is both the schema (a value; the api documents it in Swagger
 * as PepsSummaryDto) and the TypeScript type (derived from that value).
 */

export const PepsSummary = summarySchema('PepsSummary', {
  isPep: field.boolean({ description: 'Politically exposed person' }),
  positionsHeld: field.list(
    summarySchema('PositionHeld', {
      position: field.string({ example: 'Director de área' }),
      institution: field.string({ example: 'Secretaría de Hacienda' }),
      from: field.string({ example: '2012-01-01', format: 'date' }),
      to: field.nullableString({ example: '2015-12-31', format: 'date' }),
    }),
  ),
});
export type PepsSummary = SummaryOf<typeof PepsSummary>;

export const SatBlacklistSummary = summarySchema('SatBlacklistSummary', {
  listed: field.boolean(),
  situation69B: field.oneOf(
    ['Sin registro', 'Presunto', 'Definitivo', 'Desvirtuado', 'Sentencia favorable'],
    {
      description: 'Situation under article 69-B of the tax code',
    },
  ),
});
export type SatBlacklistSummary = SummaryOf<typeof SatBlacklistSummary>;

export const GlobalWatchListSummary = summarySchema('GlobalWatchListSummary', {
  totalHits: field.number({ example: 0 }),
  hitsPerList: field.list(
    summarySchema('ListHits', {
      list: field.oneOf(['OFAC SDN', 'ONU', 'UE', 'Interpol']),
      hits: field.number({ example: 0 }),
    }),
  ),
});
export type GlobalWatchListSummary = SummaryOf<typeof GlobalWatchListSummary>;

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
  PepsSummary,
  SatBlacklistSummary,
  GlobalWatchListSummary,
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
