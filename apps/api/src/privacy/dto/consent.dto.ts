import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CONSENT_BASES, CONSENT_MEDIA } from '@app/domain';

/**
 * The consent a registration records (docs/privacy.md, "Consent"): declared for the document; its
 * rules are the domain's (`consentViolations`), checked with the rest of the registration.
 */
export class ConsentDto {
  @ApiProperty({
    enum: [...CONSENT_BASES],
    description:
      '`tacit`: the candidate was given the notice and did not object; `express`: they consented explicitly (required for sensitive or financial data such as the credit report)',
    example: 'express',
  })
  basis!: string;

  @ApiProperty({
    description:
      "The version of the client's privacy notice the candidate was given (see GET /privacy-notices)",
    maxLength: 64,
    example: '2026-01',
  })
  noticeVersion!: string;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    description: 'When the candidate accepted (epoch ms; not in the future)',
    example: 1795876200000,
  })
  acceptedAt!: number;

  @ApiProperty({ enum: [...CONSENT_MEDIA], description: 'How the consent was given', example: 'web' })
  medium!: string;

  @ApiPropertyOptional({
    description: 'Where the evidence is kept on your side (a form id, a recording id)',
    maxLength: 200,
    example: 'ATS-FORM-88412',
  })
  evidenceRef?: string;
}

/** The consent as a request shows it: what was given, or what was recorded for it. */
export class RecordedConsentDto {
  @ApiProperty({ enum: [...CONSENT_BASES], example: 'tacit' })
  basis!: string;

  @ApiProperty({ description: 'The privacy notice version the consent refers to', example: '2026-01' })
  noticeVersion!: string;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    description: 'When the consent was given (epoch ms); for a recorded tacit consent, the registration time',
    example: 1795876200000,
  })
  acceptedAt!: number;

  @ApiPropertyOptional({ enum: [...CONSENT_MEDIA], example: 'web' })
  medium?: string;

  @ApiPropertyOptional({ example: 'ATS-FORM-88412' })
  evidenceRef?: string;
}
