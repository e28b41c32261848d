import { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';

/** The SPEC 2.3 envelope `{ isSuccess, statusCode, message, data }` used by the read endpoints. */
export interface Envelope<T> {
  isSuccess: boolean;
  statusCode: number;
  message: string;
  data: T;
}

export function envelope<T>(data: T, message = 'OK', statusCode = 200): Envelope<T> {
  return { isSuccess: true, statusCode, message, data };
}

/** Swagger class for `Envelope<data>`; `isArray` documents `data` as a list. */
export function EnvelopeOf<T>(data: Type<T>, options: { isArray?: boolean; name?: string } = {}) {
  class EnvelopeDto {
    @ApiProperty({
      example: true,
      description: 'true whenever the request was understood (also for the body-level 404)',
    })
    isSuccess!: boolean;

    @ApiProperty({
      example: 200,
      description: 'Body-level status: 200 normally, 404 when the resource is unknown',
    })
    statusCode!: number;

    @ApiProperty({ example: 'OK', description: 'Free text' })
    message!: string;

    @ApiProperty({ type: data, isArray: options.isArray ?? false })
    data!: T;
  }
  Object.defineProperty(EnvelopeDto, 'name', {
    value: options.name ?? `${data.name.replace(/Dto$/, '')}${options.isArray ? 'List' : ''}Envelope`,
  });
  return EnvelopeDto;
}
