/** Typed executive summaries, one per process (documented in Swagger as the *Summary schemas). */

export interface PepsSummary {
  isPep: boolean;
  positionsHeld: Array<{ position: string; institution: string; from: string; to: string | null }>;
}
export interface SatBlacklistSummary {
  listed: boolean;
  situation69B: 'Sin registro' | 'Presunto' | 'Definitivo' | 'Desvirtuado' | 'Sentencia favorable';
}
export interface GlobalWatchListSummary {
  totalHits: number;
  hitsPerList: Array<{ list: 'OFAC SDN' | 'ONU' | 'UE' | 'Interpol'; hits: number }>;
}
export interface CreditReportSummary {
  score: number;
  openAccounts: number;
  accountsInArrears: number;
  totalDebtMxn: number;
}
export interface LegalBackgroundSummary {
  lawsuitsFound: number;
  asDefendant: number;
  categories: string[];
}
export interface NewsSummary {
  articlesFound: number;
  adverseArticles: number;
}
export interface LaborBackgroundSummary {
  lawsuitsAsWorker: number;
  lawsuitsAsEmployer: number;
}
export interface EducationSummary {
  degreeVerified: boolean;
  institution: string;
  level: 'Bachillerato' | 'Licenciatura' | 'Maestría' | 'Doctorado';
}
export interface GeolocationSummary {
  addressVerified: boolean;
  distanceKm: number;
}
export interface DocumentsSummary {
  documentsReceived: number;
  documentsVerified: number;
  types: string[];
}
export interface ReferencesSummary {
  referencesProvided: number;
  referencesConfirmed: number;
}
/** When the provider gave no answer after its retries. */
export interface UnavailableSummary {
  providerAnswered: false;
  reason: string;
}

export type ProcessSummary =
  | PepsSummary
  | SatBlacklistSummary
  | GlobalWatchListSummary
  | CreditReportSummary
  | LegalBackgroundSummary
  | NewsSummary
  | LaborBackgroundSummary
  | EducationSummary
  | GeolocationSummary
  | DocumentsSummary
  | ReferencesSummary
  | UnavailableSummary;
