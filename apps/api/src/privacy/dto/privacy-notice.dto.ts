import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { PURPOSE_KINDS, privacyNoticeViolations, stringFieldViolations } from '@app/domain';
import { CheckedBy } from '../../common/validation';

export class NoticePurposeDto {
  @ApiProperty({
    description: 'What the data is used for',
    maxLength: 200,
    example: 'Evaluar la idoneidad del candidato para el puesto',
  })
  name!: string;

  @ApiProperty({
    enum: [...PURPOSE_KINDS],
    description:
      '`necessary` for the relationship the candidate asked for; `voluntary` needs their consent and may be refused',
    example: 'necessary',
  })
  kind!: string;
}

@CheckedBy((body: CreatePrivacyNoticeDto) => [
  ...privacyNoticeViolations(body),
  ...stringFieldViolations(body, ['clientId']),
])
export class CreatePrivacyNoticeDto {
  @ApiProperty({
    description:
      'The version as the notice names it: letters, digits, `.`, `-`, `_`, at most 64; unique per client',
    maxLength: 64,
    example: '2026-07',
  })
  @Allow()
  version!: string;

  @ApiProperty({
    description: 'Where candidates read the notice (http or https)',
    maxLength: 2048,
    example: 'https://acme.example.com/aviso-de-privacidad-2026-07',
  })
  @Allow()
  url!: string;

  @ApiProperty({ type: [NoticePurposeDto], description: 'The purposes of the processing, 1 to 50' })
  @Allow()
  purposes!: NoticePurposeDto[];

  @ApiPropertyOptional({
    description: 'Another client of yours where you are admin (default: your default client)',
    example: 'acme',
  })
  @Allow()
  clientId?: string;
}

export class PrivacyNoticeDto {
  @ApiProperty({ format: 'uuid', example: '5b7c3e1a-8f2d-4a6b-9c0e-1d2f3a4b5c6d' })
  id!: string;

  @ApiProperty({ example: '2026-07' })
  version!: string;

  @ApiProperty({ example: 'https://acme.example.com/aviso-de-privacidad-2026-07' })
  url!: string;

  @ApiProperty({ type: [NoticePurposeDto] })
  purposes!: NoticePurposeDto[];

  @ApiProperty({
    description:
      'Whether this is the current notice: the newest one, which registrations without consent cite',
    example: true,
  })
  current!: boolean;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    description: 'When it was published here (epoch ms)',
    example: 1795876200000,
  })
  createdAt!: number;
}

export class PrivacyNoticeListDto {
  @ApiProperty({ type: [PrivacyNoticeDto], description: 'Newest (current) first' })
  data!: PrivacyNoticeDto[];
}

@CheckedBy((query: PrivacyNoticeQueryDto) => stringFieldViolations(query, ['clientId']))
export class PrivacyNoticeQueryDto {
  @ApiPropertyOptional({
    description: 'Another client of yours (default: your default client)',
    example: 'acme',
  })
  @Allow()
  clientId?: string;
}
