import { GENDERS, NATIONALITIES } from '@app/domain';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/**
 * CONTRACT 4.1. Only the JSON types are checked here; every rule about meaning (required fields
 * per person type, age, RFC/CURP consistency, NIP...) is checked by the domain so that a 400 lists
 * all of them at once.
 */
export class RegisterCandidateDto {
  @ApiProperty({
    example: 'PKG-ACME-BASIC',
    description: "A package of one of the caller's clients (see GET /packages)",
    maxLength: 64,
  })
  @IsString()
  @MaxLength(64)
  packageId!: string;

  @ApiPropertyOptional({
    enum: ['individual', 'corporate'],
    default: 'individual',
    description: 'corporate = a company is screened',
  })
  @IsOptional()
  @IsIn(['individual', 'corporate'], { message: 'personType must be individual or corporate' })
  personType?: 'individual' | 'corporate';

  @ApiPropertyOptional({
    example: 'Juan Carlos',
    description: 'Given names (required for individuals)',
    minLength: 1,
    maxLength: 100,
  })
  @IsOptional()
  @IsString()
  name?: string;

  @ApiPropertyOptional({
    example: 'Hernández',
    description: 'Paternal surname (required for individuals)',
    minLength: 1,
    maxLength: 100,
  })
  @IsOptional()
  @IsString()
  lastName?: string;

  @ApiPropertyOptional({ example: 'López', description: 'Maternal surname', minLength: 1, maxLength: 100 })
  @IsOptional()
  @IsString()
  secondLastName?: string;

  @ApiPropertyOptional({
    example: '1990-05-17',
    format: 'date',
    description:
      'YYYY-MM-DD; the candidate must be older than 18 on the current date in SERVICE_TIMEZONE (required for individuals)',
  })
  @IsOptional()
  @IsString()
  birthDate?: string;

  @ApiProperty({
    enum: [...NATIONALITIES],
    example: 'MX',
    description: 'Nationality (country of incorporation for corporate)',
  })
  @IsString()
  nationality!: string;

  @ApiPropertyOptional({
    enum: [...GENDERS],
    example: 'H',
    description: 'H man, M woman, X non-binary (required for individuals)',
  })
  @IsOptional()
  @IsString()
  gender?: string;

  @ApiPropertyOptional({
    example: 'HELJ900517AB1',
    description:
      "RFC, 13 characters for persons and 12 for companies; required when the package has Reporte de Crédito. Its first 10 characters must equal the CURP's.",
    minLength: 12,
    maxLength: 13,
  })
  @IsOptional()
  @IsString()
  rfc?: string;

  @ApiPropertyOptional({
    example: 'HELJ900517HDFRPN09',
    description: 'CURP, 18 characters',
    minLength: 18,
    maxLength: 18,
  })
  @IsOptional()
  @IsString()
  curp?: string;

  @ApiPropertyOptional({
    example: '4790',
    description:
      'Consent NIP for the credit report (digits, at least 4): its digits 3-4 must equal RFC positions 5-6 (the birth year). Required when the package has Reporte de Crédito.',
  })
  @IsOptional()
  @IsString()
  consentNIP?: string;

  @ApiPropertyOptional({
    example: 'Régimen General de Ley Personas Morales',
    description: 'Tax regime (required for corporate)',
    maxLength: 200,
  })
  @IsOptional()
  @IsString()
  regime?: string;

  @ApiPropertyOptional({
    example: 'Comercializadora del Norte S.A. de C.V.',
    description: 'Legal name (required for corporate)',
    maxLength: 200,
  })
  @IsOptional()
  @IsString()
  businessName?: string;

  @ApiPropertyOptional({ example: 'juan.hernandez@example.com', format: 'email' })
  @IsOptional()
  @IsString()
  email?: string;

  @ApiPropertyOptional({ example: '+525512345678', description: 'E.164-like phone number' })
  @IsOptional()
  @IsString()
  phone?: string;
}

export class RegistrationAcceptedDto {
  @ApiProperty({
    format: 'uuid',
    description: 'Identifier of the candidate request (the {uuid} of the status path)',
  })
  uuid!: string;

  @ApiProperty({ example: 'Pending', enum: ['Pending'] })
  status!: string;

  @ApiProperty({ example: 'PKG-ACME-BASIC' })
  packageId!: string;

  @ApiProperty({
    example:
      'Candidate request registered: its processes run asynchronously; poll GET /candidate-requests/{uuid}.',
  })
  message!: string;
}
