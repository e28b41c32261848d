import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class FieldErrorDto {
  @ApiProperty({ description: 'JSON path of the offending field', example: 'birthDate' })
  field!: string;

  @ApiProperty({
    description: 'Why the value was refused',
    example: 'The candidate must be older than 18 years.',
  })
  message!: string;

  @ApiPropertyOptional({
    description:
      'CSV batches only: the 1-based line of the body where the record of the offending item starts (the header is line 1; blank lines and line breaks inside quoted cells count)',
    example: 3,
    type: 'integer',
    minimum: 1,
  })
  line?: number;
}

/** docs/behaviour.md: the one body of every non-2xx answer. */
export class ApiErrorDto {
  @ApiProperty({ description: 'The HTTP status, repeated in the body', example: 400 })
  code!: number;

  @ApiProperty({
    description: 'One sentence a person understands',
    example: 'The request has 1 invalid field.',
  })
  message!: string;

  @ApiPropertyOptional({ type: [FieldErrorDto], description: 'Every violated rule (400 only)' })
  errors?: FieldErrorDto[];

  @ApiPropertyOptional({
    description: 'Present on 500: quote it to support; it is also in our logs',
    format: 'uuid',
  })
  errorId?: string;
}

/** docs/behaviour.md: a 401 is exactly these two fields. */
export class UnauthorizedDto {
  @ApiProperty({ example: 'Authentication required: send a valid bearer access token.' })
  message!: string;

  @ApiProperty({ example: 401, enum: [401] })
  code!: number;
}

export interface ApiErrorBody {
  code: number;
  message: string;
  errors?: Array<{ field: string; message: string }>;
  errorId?: string;
  [extra: string]: unknown;
}
