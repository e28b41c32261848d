import { ApiProperty } from '@nestjs/swagger';
import { SEARCH_OUTCOMES } from '@app/domain';

const OUTCOMES = [...SEARCH_OUTCOMES];

export class SearchQueryEchoDto {
  @ApiProperty({ example: 'Juan' }) name!: string;
  @ApiProperty({ example: 'Hernández' }) lastName?: string;
  @ApiProperty({ example: 'López' }) secondLastName?: string;
  @ApiProperty({ example: 'Juan Hernández' }) full_name_searched!: string;
}

export class CategoryCountDto {
  @ApiProperty({ example: 'Civil' }) category!: string;
  @ApiProperty({ example: 120 }) count!: number;
}

export class StateCountDto {
  @ApiProperty({ example: 'Jalisco' }) state!: string;
  @ApiProperty({ example: 37 }) count!: number;
}

export class KpisDto {
  @ApiProperty({ example: 512, description: 'The full universe of matches (not capped)' })
  total_matches!: number;
  @ApiProperty({ description: 'Persons per category over the universe, top 10' })
  top_categories!: CategoryCountDto[];
  @ApiProperty({ description: 'Persons per state over the universe, top 10' })
  top_states!: StateCountDto[];
}

export class MatchedPersonDto {
  @ApiProperty({ format: 'uuid', description: 'Key for the record-detail endpoint' }) uuid!: string;
  @ApiProperty({ example: 'Juan Carlos Hernández López' }) name!: string;
  @ApiProperty({
    example: 4,
    description: 'Number of lawsuits; absent when the source does not report it',
  })
  count?: number;
  @ApiProperty({ example: ['Civil', 'Mercantil'] }) categories!: string[];
  @ApiProperty({ example: '04-03-2021', description: 'Latest agreement date, DD-MM-YYYY' })
  agreement_date!: string;
  @ApiProperty({ example: 'Jalisco' }) state!: string;
}

export class CapDto {
  @ApiProperty({ example: 300 }) max_matches!: number;
  @ApiProperty({ example: 512, description: 'Real total in the source' }) total_records_in_source!: number;
  @ApiProperty({ example: true, description: 'The cap cut the results: suggest refining the search' })
  truncated!: boolean;
}

export class SearchPaginationDto {
  @ApiProperty({ type: 'integer', example: 300, description: 'Reachable total (cap and filters applied)' })
  total_records_found!: number;
  @ApiProperty({ type: 'integer', example: 1 }) current_page!: number;
  @ApiProperty({ type: 'integer', example: 100 }) limit!: number;
  @ApiProperty({ type: 'integer', example: 3 }) total_pages!: number;
  @ApiProperty({ example: true }) has_next!: boolean;
  @ApiProperty({ example: false }) has_previous!: boolean;
}

export class SearchMetaDto {
  @ApiProperty({ format: 'uuid' }) searchId!: string;
  @ApiProperty({ enum: OUTCOMES }) outcome!: string;
  @ApiProperty() cap!: CapDto;
  @ApiProperty() pagination!: SearchPaginationDto;
  @ApiProperty({ description: 'Record uuids already unlocked in this search' })
  unlocked_uuids!: string[];
  @ApiProperty({ example: true, description: 'true when this call was billed (search creation)' })
  charged!: boolean;
  @ApiProperty({
    example: '2026-12-22T14:00:00.000Z',
    description: 'Until when the search can be read (30 days)',
  })
  recoverable_until!: string;
  @ApiProperty({ example: false, description: 'The source took longer than the slow threshold' })
  slow_response!: boolean;
}

export class SearchDataDto {
  @ApiProperty({ format: 'uuid' }) searchId!: string;
  @ApiProperty({ enum: OUTCOMES }) outcome!: string;
  @ApiProperty() search_query!: SearchQueryEchoDto;
  @ApiProperty() kpis!: KpisDto;
  @ApiProperty() records!: MatchedPersonDto[];
  @ApiProperty() meta!: SearchMetaDto;
}

export class LawsuitDto {
  @ApiProperty({
    example: 'EXP-1234/2026-J3C',
    description:
      "The publisher's own identifier of the lawsuit (1 to 128 visible characters; not necessarily a UUID)",
  })
  id!: string;
  @ApiProperty({ example: 'Sentencia definitiva' }) judgement_type!: string;
  @ApiProperty() plaintiff!: string;
  @ApiProperty() defendant!: string;
  @ApiProperty({ example: 'Jalisco' }) state!: string;
  @ApiProperty({ example: 'Civil' }) type!: string;
  @ApiProperty({ example: '2021-03-04', description: 'YYYY-MM-DD' }) agreement_date!: string;
  @ApiProperty({ example: '1234/2021' }) file_number!: string;
  @ApiProperty() source!: string;
  @ApiProperty() court!: string;
  @ApiProperty() circuit!: string;
  @ApiProperty() synthesis!: string;
  @ApiProperty({ format: 'uri' }) synthesis_url!: string;
  @ApiProperty({ format: 'uri' }) source_url!: string;
}

export class RecordSourceDto {
  @ApiProperty({ format: 'uuid' }) uuid!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 4 }) count!: number;
}

export class ConsumptionDto {
  @ApiProperty({ example: 'INCLUDED' }) consumption_type!: string;
  @ApiProperty({ example: true }) billable!: boolean;
  @ApiProperty({ example: true, description: 'false on later readings of an unlocked uuid' })
  charged!: boolean;
  @ApiProperty({ example: 'AVAILABLE' }) detail_status!: string;
  @ApiProperty({ example: '2026-11-22T14:00:00.000Z' }) unlocked_at!: string;
}

export class RecordDetailDataDto {
  @ApiProperty() source!: RecordSourceDto;
  @ApiProperty() records!: LawsuitDto[];
  @ApiProperty() pagination!: SearchPaginationDto;
  @ApiProperty() categories!: string[];
  @ApiProperty({ example: 'Jalisco' }) state!: string;
  @ApiProperty() consumption!: ConsumptionDto;
  @ApiProperty({ example: false }) slow_response!: boolean;
}
