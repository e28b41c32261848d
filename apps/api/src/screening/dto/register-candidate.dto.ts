import { GENDERS, NATIONALITIES } from '@app/domain';
import { ConsentDto } from '../../privacy/dto/consent.dto';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { SERVICE_TIME_ZONE } from '../../docs/wording';
import { withNameRule } from '../../docs/text-rules';

/**
 * docs/behaviour.md. The fields are only declared here (unknown ones are refused); their types and
 * every rule about meaning (required fields per person type, age, RFC/CURP consistency, NIP...)
 * are checked by the domain, so that one 400 lists all of them at once.
 */
export class RegisterCandidateDto {
  @ApiProperty({
    example: 'PKG-ACME-BASIC',
    description: "A package of one of the caller's clients (see GET /packages)",
    maxLength: 64,
  })
  @Allow()
  packageId!: string;

  @ApiPropertyOptional({
    enum: ['individual', 'corporate'],
    default: 'individual',
    description: 'corporate = a company is screened',
  })
  @Allow()
  personType?: 'individual' | 'corporate';

  @ApiPropertyOptional({
    example: 'Juan Carlos',
    description: withNameRule('Given names (required for individuals)'),
    minLength: 1,
    maxLength: 100,
  })
  @Allow()
  name?: string;

  @ApiPropertyOptional({
    example: 'Hernández',
    description: withNameRule('Paternal surname (required for individuals)'),
    minLength: 1,
    maxLength: 100,
  })
  @Allow()
  lastName?: string;

  @ApiPropertyOptional({
    example: 'López',
    description: withNameRule('Maternal surname'),
    minLength: 1,
    maxLength: 100,
  })
  @Allow()
  secondLastName?: string;

  @ApiPropertyOptional({
    example: '1990-05-17',
    format: 'date',
    description: `YYYY-MM-DD; the candidate must be older than 18 on the current date in ${SERVICE_TIME_ZONE} (required for individuals)`,
  })
  @Allow()
  birthDate?: string;

  @ApiProperty({
    enum: [...NATIONALITIES],
    example: 'MX',
    description: 'Nationality (country of incorporation for corporate)',
  })
  @Allow()
  nationality!: string;

  @ApiPropertyOptional({
    enum: [...GENDERS],
    example: 'H',
    description: 'H man, M woman, X non-binary (required for individuals)',
  })
  @Allow()
  gender?: string;

  @ApiPropertyOptional({
    example: 'HELJ900517AB1',
    description:
      "RFC, 12 or 13 characters (3 or 4 letters, YYMMDD, homoclave; upper-cased); required when the package has Reporte de Crédito. Its first 10 characters must equal the CURP's.",
    minLength: 12,
    maxLength: 13,
  })
  @Allow()
  rfc?: string;

  @ApiPropertyOptional({
    example: 'HELJ900517HDFRPN09',
    description: 'CURP, 18 characters',
    minLength: 18,
    maxLength: 18,
  })
  @Allow()
  curp?: string;

  @ApiPropertyOptional({
    example: '4790',
    description:
      'Consent NIP for the credit report (digits, at least 4): its digits 3-4 must equal RFC positions 5-6 (the birth year). Required when the package has Reporte de Crédito.',
  })
  @Allow()
  consentNIP?: string;

  @ApiPropertyOptional({
    type: ConsentDto,
    description:
      "The candidate's consent to the client's privacy notice. Without it the request records tacit consent to the client's current notice at the registration time (express when `consentNIP` is sent: the credit report's express consent). The overview shows what was recorded.",
  })
  @Allow()
  consent?: ConsentDto;

  @ApiPropertyOptional({
    example: 'Régimen General de Ley Personas Morales',
    description: withNameRule('Tax regime (required for corporate)'),
    maxLength: 200,
  })
  @Allow()
  regime?: string;

  @ApiPropertyOptional({
    example: 'Comercializadora del Norte S.A. de C.V.',
    description: withNameRule('Legal name (required for corporate)'),
    maxLength: 200,
  })
  @Allow()
  businessName?: string;

  @ApiPropertyOptional({ example: 'juan.hernandez@example.com', format: 'email' })
  @Allow()
  email?: string;

  @ApiPropertyOptional({ example: '+525512345678', description: 'E.164-like phone number' })
  @Allow()
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
