import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/**
 * An optional string property: documented with `options` and declared (so not refused as unknown);
 * that it is a string is checked by the domain function the DTO names with `@CheckedBy`.
 */
export function OptionalString(options?: ApiPropertyOptions): PropertyDecorator {
  return applyDecorators(ApiPropertyOptional(options), Allow());
}
