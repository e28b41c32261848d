import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

/** An optional string property: documented with `options`, validated as a string when present. */
export function OptionalString(options?: ApiPropertyOptions): PropertyDecorator {
  return applyDecorators(ApiPropertyOptional(options), IsOptional(), IsString());
}
