import { candidateInputShapeViolations, DOCUMENT_TYPES } from '@app/domain';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow } from 'class-validator';
import { CheckedBy } from '../../common/validation';

export class DocumentInputDto {
  @ApiPropertyOptional({
    enum: [...DOCUMENT_TYPES],
    example: 'INE',
  })
  type!: string;

  @ApiPropertyOptional({ example: 'ine-frente.pdf', maxLength: 255 })
  fileName!: string;

  @ApiPropertyOptional({
    example: 'a3f5c1d2e4b6a7980c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b',
    description: '64 hex characters',
  })
  sha256!: string;
}

/** Personal references use name/phone/relationship; work references company..endDate. */
export class ReferenceInputDto {
  @ApiPropertyOptional({ example: 'María López', description: 'Personal reference: full name' })
  name?: string;

  @ApiPropertyOptional({ example: '+525511112222' })
  phone?: string;

  @ApiPropertyOptional({ example: 'Amiga', description: 'Personal reference: relationship to the candidate' })
  relationship?: string;

  @ApiPropertyOptional({ example: 'Transportes del Bajío S.A.', description: 'Work reference: employer' })
  company?: string;

  @ApiPropertyOptional({ example: 'Laura Méndez', description: 'Work reference: contact person' })
  contactName?: string;

  @ApiPropertyOptional({
    example: 'Supervisor de almacén',
    description: "Work reference: the candidate's position",
  })
  position?: string;

  @ApiPropertyOptional({ example: '2019-02-01', format: 'date' })
  startDate?: string;

  @ApiPropertyOptional({ example: '2023-06-30', format: 'date' })
  endDate?: string;
}

/**
 * docs/behaviour.md: `documents` for Documentos, `references` for the two reference processes. The
 * fields are only declared here: their JSON types are checked by candidateInputShapeViolations (in
 * the pipe, before the process is looked up), what a process needs by validateCandidateInput.
 */
@CheckedBy(candidateInputShapeViolations)
export class CandidateInputDto {
  @ApiPropertyOptional({ type: [DocumentInputDto], description: 'Documentos: at least one document' })
  @Allow()
  @Type(() => DocumentInputDto)
  documents?: DocumentInputDto[];

  @ApiPropertyOptional({
    type: [ReferenceInputDto],
    description:
      'Referencias Personales: at least 2 of { name, phone, relationship }; Referencias Laborales: at least 1 of { company, contactName, phone, position, startDate, endDate }',
  })
  @Allow()
  @Type(() => ReferenceInputDto)
  references?: ReferenceInputDto[];
}
