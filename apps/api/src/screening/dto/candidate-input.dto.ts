import { DOCUMENT_TYPES } from '@app/domain';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsOptional, IsString, ValidateNested } from 'class-validator';
import { OptionalString } from '../../common/optional-string';

export class DocumentInputDto {
  @ApiPropertyOptional({
    enum: [...DOCUMENT_TYPES],
    example: 'INE',
  })
  @IsString()
  type!: string;

  @ApiPropertyOptional({ example: 'ine-frente.pdf', maxLength: 255 })
  @IsString()
  fileName!: string;

  @ApiPropertyOptional({
    example: 'a3f5c1d2e4b6a7980c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b',
    description: '64 hex characters',
  })
  @IsString()
  sha256!: string;
}

/** Personal references use name/phone/relationship; work references company..endDate. */
export class ReferenceInputDto {
  @OptionalString({ example: 'María López', description: 'Personal reference: full name' })
  name?: string;

  @OptionalString({ example: '+525511112222' })
  phone?: string;

  @OptionalString({ example: 'Amiga', description: 'Personal reference: relationship to the candidate' })
  relationship?: string;

  @OptionalString({ example: 'Transportes del Bajío S.A.', description: 'Work reference: employer' })
  company?: string;

  @OptionalString({ example: 'Laura Méndez', description: 'Work reference: contact person' })
  contactName?: string;

  @OptionalString({
    example: 'Supervisor de almacén',
    description: "Work reference: the candidate's position",
  })
  position?: string;

  @OptionalString({ example: '2019-02-01', format: 'date' })
  startDate?: string;

  @OptionalString({ example: '2023-06-30', format: 'date' })
  endDate?: string;
}

/** CONTRACT 4.2: `documents` for Documentos, `references` for the two reference processes. */
export class CandidateInputDto {
  @ApiPropertyOptional({ type: [DocumentInputDto], description: 'Documentos: at least one document' })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => DocumentInputDto)
  documents?: DocumentInputDto[];

  @ApiPropertyOptional({
    type: [ReferenceInputDto],
    description:
      'Referencias Personales: at least 2 of { name, phone, relationship }; Referencias Laborales: at least 1 of { company, contactName, phone, position, startDate, endDate }',
  })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ReferenceInputDto)
  references?: ReferenceInputDto[];
}
