import 'reflect-metadata';
import { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';
import {
  PROCESS_SUMMARIES,
  PROCESS_TYPES,
  SummaryField,
  SummarySchema,
  UnavailableSummary,
} from '@app/domain';

/**
 * Swagger shapes of the executive summaries, derived from their one definition in
 * libs/domain/src/screening/summaries.ts: each summary schema becomes a `<name>Dto` class whose
 * properties carry the `@ApiProperty` the field describes. Nothing here is written per process type.
 */

const dtoByName = new Map<string, Type<unknown>>();

/** The Swagger model of a summary schema (one class per name, built once). */
export function summaryDto(schema: SummarySchema): Type<unknown> {
  const name = `${schema.name}Dto`;
  const known = dtoByName.get(name);
  if (known) return known;
  const dto = { [name]: class {} }[name];
  for (const [key, described] of Object.entries(schema.fields)) {
    const [designType, options] = apiProperty(described);
    // What `name!: type` would have emitted with emitDecoratorMetadata; Swagger reads the type from it.
    Reflect.defineMetadata('design:type', designType, dto.prototype, key);
    ApiProperty(options)(dto.prototype, key);
  }
  dtoByName.set(name, dto);
  return dto;
}

function apiProperty(described: SummaryField): [Type<unknown> | typeof Array, ApiPropertyOptions] {
  switch (described.kind) {
    case 'boolean':
      return [Boolean, { ...described.doc }];
    case 'false':
      return [Boolean, { enum: [false], ...described.doc }];
    case 'number':
      return [Number, { ...described.doc }];
    case 'string':
      return [String, { ...described.doc }];
    case 'nullable-string':
      return [String, { ...described.doc, nullable: true, type: String }];
    case 'nullable-boolean':
      return [Boolean, { ...described.doc, nullable: true, type: Boolean }];
    case 'one-of':
      return [String, { enum: [...described.values], ...described.doc }];
    case 'strings':
      return [Array, { type: [String], ...described.doc }];
    case 'list':
      return [Array, { type: [summaryDto(described.of)], ...described.doc }];
    case 'object':
      return [summaryDto(described.of), { type: summaryDto(described.of), ...described.doc }];
  }
}

/** Which summary each process has, grouped in the order of the summaries. */
export const SUMMARY_OF_PROCESS: Readonly<Record<string, Type<unknown>>> = Object.fromEntries(
  PROCESS_SUMMARIES.flatMap((summary) =>
    PROCESS_TYPES.filter((type) => type.summary === summary).map((type) => [type.name, summaryDto(summary)]),
  ),
);

export const SUMMARY_MODELS = [...PROCESS_SUMMARIES.map(summaryDto), summaryDto(UnavailableSummary)];
