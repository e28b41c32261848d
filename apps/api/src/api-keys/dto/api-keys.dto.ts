import { ApiProperty, OmitType } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { API_KEY_ROLES, MAX_API_KEY_NAME_LENGTH } from '@app/domain';
import { FREE_TEXT_CHARACTERS } from '../../docs/text-rules';

/** The body of `POST /api-keys`: fields declared here, their rules the domain's (apiKeyInputViolations). */
export class CreateApiKeyDto {
  @ApiProperty({
    description: `What the key is for, for people. ${FREE_TEXT_CHARACTERS}`,
    maxLength: MAX_API_KEY_NAME_LENGTH,
    example: 'ATS backend (production)',
  })
  @Allow()
  name!: string;

  @ApiProperty({
    enum: [...API_KEY_ROLES],
    description:
      'What the key may do: `viewer` reads what costs nothing; `analyst` also registers, searches, screens, unlocks and monitors. A key never administers.',
    example: 'analyst',
  })
  @Allow()
  role!: string;

  @ApiProperty({
    required: false,
    nullable: true,
    type: 'integer',
    format: 'int64',
    description: 'When the key stops working (epoch milliseconds, in the future); never when omitted',
    example: 1830297600000,
  })
  @Allow()
  expiresAt?: number | null;

  @ApiProperty({
    required: false,
    description:
      'The client the key acts for: one of yours where you are admin (default: your default client)',
    example: 'acme',
  })
  @Allow()
  clientId?: string;
}

export class ApiKeyDto {
  @ApiProperty({ format: 'uuid', example: '7d1f3c1e-2b7a-4c9e-9a51-0f3b2a6c8d10' })
  id!: string;

  @ApiProperty({ example: 'ATS backend (production)' })
  name!: string;

  @ApiProperty({ enum: [...API_KEY_ROLES], example: 'analyst' })
  role!: string;

  @ApiProperty({ description: "The key's first 8 characters, to tell keys apart", example: 'sk_Qm3xZ' })
  prefix!: string;

  @ApiProperty({ type: 'integer', format: 'int64', example: 1795876200000 })
  createdAt!: number;

  @ApiProperty({ type: 'integer', format: 'int64', nullable: true, example: null })
  expiresAt!: number | null;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    nullable: true,
    description: 'When the key was last used (written every few seconds; null: never)',
    example: null,
  })
  lastUsedAt!: number | null;
}

/** The answer of `POST /api-keys`: the only time the key itself is shown. */
export class CreatedApiKeyDto extends OmitType(ApiKeyDto, ['lastUsedAt'] as const) {
  @ApiProperty({
    description:
      'The key: `sk_` and 43 or more base64url characters. Shown only in this answer (only its hash is kept): store it now. Send it as `Authorization: Bearer <key>`.',
    example: 'sk_Qm3xZk9v2Jd8nR4tW6yB1cE5gH7jL0pS3uX8zA2dF4h',
  })
  key!: string;
}

export class ApiKeyListDto {
  @ApiProperty({ type: [ApiKeyDto] })
  data!: ApiKeyDto[];
}

export class ApiKeyListQueryDto {
  @ApiProperty({
    required: false,
    description: 'Another client of yours where you are admin (default: your default client)',
    example: 'acme',
  })
  @Allow()
  clientId?: string;
}
