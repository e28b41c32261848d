import { ApiProperty } from '@nestjs/swagger';

/** Swagger shapes of the executive summary of each process (libs/domain/src/screening/sandbox/summaries.ts). */

class PositionHeldDto {
  @ApiProperty({ example: 'Director de área' }) position!: string;
  @ApiProperty({ example: 'Secretaría de Hacienda' }) institution!: string;
  @ApiProperty({ example: '2012-01-01', format: 'date' }) from!: string;
  @ApiProperty({ example: '2015-12-31', format: 'date', nullable: true, type: String }) to!: string | null;
}
export class PepsSummaryDto {
  @ApiProperty({ description: 'Politically exposed person' }) isPep!: boolean;
  @ApiProperty({ type: [PositionHeldDto] }) positionsHeld!: PositionHeldDto[];
}
export class SatBlacklistSummaryDto {
  @ApiProperty() listed!: boolean;
  @ApiProperty({
    enum: ['Sin registro', 'Presunto', 'Definitivo', 'Desvirtuado', 'Sentencia favorable'],
    description: 'Situation under article 69-B of the tax code',
  })
  situation69B!: string;
}
class ListHitsDto {
  @ApiProperty({ enum: ['OFAC SDN', 'ONU', 'UE', 'Interpol'] }) list!: string;
  @ApiProperty({ example: 0 }) hits!: number;
}
export class GlobalWatchListSummaryDto {
  @ApiProperty({ example: 0 }) totalHits!: number;
  @ApiProperty({ type: [ListHitsDto] }) hitsPerList!: ListHitsDto[];
}
export class CreditReportSummaryDto {
  @ApiProperty({ minimum: 300, maximum: 850, example: 712 }) score!: number;
  @ApiProperty({ example: 4 }) openAccounts!: number;
  @ApiProperty({ example: 0 }) accountsInArrears!: number;
  @ApiProperty({ example: 85000, description: 'Total debt in MXN' }) totalDebtMxn!: number;
}
export class LegalBackgroundSummaryDto {
  @ApiProperty({
    example: 2,
    description: 'Lawsuits of the persons matching the candidate in the legal-records corpus',
  })
  lawsuitsFound!: number;
  @ApiProperty({ example: 1 }) asDefendant!: number;
  @ApiProperty({ type: [String], example: ['Civil'] }) categories!: string[];
}
export class NewsSummaryDto {
  @ApiProperty({ example: 3 }) articlesFound!: number;
  @ApiProperty({ example: 0 }) adverseArticles!: number;
}
export class LaborBackgroundSummaryDto {
  @ApiProperty({ example: 0 }) lawsuitsAsWorker!: number;
  @ApiProperty({ example: 0 }) lawsuitsAsEmployer!: number;
}
export class EducationSummaryDto {
  @ApiProperty() degreeVerified!: boolean;
  @ApiProperty({ example: 'UNAM' }) institution!: string;
  @ApiProperty({ enum: ['Bachillerato', 'Licenciatura', 'Maestría', 'Doctorado'] }) level!: string;
}
export class GeolocationSummaryDto {
  @ApiProperty() addressVerified!: boolean;
  @ApiProperty({ example: 2, description: 'Distance between declared and verified address' })
  distanceKm!: number;
}
export class DocumentsSummaryDto {
  @ApiProperty({ example: 2 }) documentsReceived!: number;
  @ApiProperty({ example: 2 }) documentsVerified!: number;
  @ApiProperty({ type: [String], example: ['INE', 'COMPROBANTE_DOMICILIO'] }) types!: string[];
}
export class ReferencesSummaryDto {
  @ApiProperty({ example: 2 }) referencesProvided!: number;
  @ApiProperty({ example: 2 }) referencesConfirmed!: number;
}
export class UnavailableSummaryDto {
  @ApiProperty({ enum: [false] }) providerAnswered!: boolean;
  @ApiProperty({ example: 'The Peps provider gave no answer after 3 attempts.' }) reason!: string;
}

/** Which summary each process has. */
export const SUMMARY_OF_PROCESS = {
  Peps: PepsSummaryDto,
  'Listas negras del SAT': SatBlacklistSummaryDto,
  'Global Watch List': GlobalWatchListSummaryDto,
  'Reporte de Crédito': CreditReportSummaryDto,
  'BGC Legal': LegalBackgroundSummaryDto,
  'BGC News': NewsSummaryDto,
  'BGC Laboral': LaborBackgroundSummaryDto,
  'Validación de estudios': EducationSummaryDto,
  Geolocalización: GeolocationSummaryDto,
  Documentos: DocumentsSummaryDto,
  'Referencias Personales': ReferencesSummaryDto,
  'Referencias Laborales': ReferencesSummaryDto,
};

export const SUMMARY_MODELS = [...new Set(Object.values(SUMMARY_OF_PROCESS)), UnavailableSummaryDto];
