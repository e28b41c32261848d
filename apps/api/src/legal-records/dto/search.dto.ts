import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsOptional, IsString } from 'class-validator';

/**
 * SPEC 4.5 body. `@Allow` only whitelists the fields: type, emptiness, length and combinations are
 * all domain rules (validateSearchQuery), so one 400 lists every violation, `{}` included.
 */
export class CreateSearchDto {
  @ApiProperty({ example: 'Juan', description: 'Given name(s); required', maxLength: 100 })
  @Allow()
  name!: string;

  @ApiPropertyOptional({
    example: 'Hernández',
    description: 'Paternal surname; omit it when absent (never send an empty string)',
    maxLength: 100,
  })
  @Allow()
  lastName?: string;

  @ApiPropertyOptional({
    example: 'López',
    description: 'Maternal surname; omit it when absent (never send an empty string)',
    maxLength: 100,
  })
  @Allow()
  secondLastName?: string;
}

/** Query of SPEC 4.5 / 4.6 (all strings; checked by the domain). */
export class SearchQueryDto {
  @ApiPropertyOptional({ description: 'Records per page, 1..300', default: '100', example: '100' })
  @IsOptional()
  @IsString()
  limit?: string;

  @ApiPropertyOptional({ description: 'Page, >= 1', default: '1', example: '1' })
  @IsOptional()
  @IsString()
  page?: string;

  @ApiPropertyOptional({
    description: 'Comma-separated categories (any of them)',
    example: 'Civil,Mercantil',
  })
  @IsOptional()
  @IsString()
  categories?: string;

  @ApiPropertyOptional({
    description: 'Comma-separated states (any of them)',
    example: 'Jalisco,Ciudad de México',
  })
  @IsOptional()
  @IsString()
  states?: string;

  @ApiPropertyOptional({
    description: 'Client to act for: required when the account has several clients; at most 64 characters',
    example: 'acme',
  })
  @IsOptional()
  @IsString()
  clientId?: string;
}

export class RecordDetailQueryDto extends SearchQueryDto {
  @ApiPropertyOptional({ description: 'From agreement date, YYYY-MM-DD', example: '2015-01-01' })
  @IsOptional()
  @IsString()
  startDate?: string;

  @ApiPropertyOptional({ description: 'To agreement date, YYYY-MM-DD', example: '2026-12-31' })
  @IsOptional()
  @IsString()
  endDate?: string;

  @ApiPropertyOptional({ enum: ['Applicant', 'Defendant'], description: 'Procedural role of the person' })
  @IsOptional()
  @IsString()
  role?: string;
}
