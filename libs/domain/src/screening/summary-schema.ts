/**
 * A process's executive summary described once, as data: the domain derives its TypeScript type
 * (`SummaryOf`), the api derives its Swagger schema from the same object (apps/api summaries.dto).
 * `doc` holds OpenAPI keywords (description, example, minimum...), written in the order the api
 * passes them on.
 */

export type FieldDoc = Readonly<Record<string, unknown>>;

export type SummaryField =
  | { readonly kind: 'boolean'; readonly doc: FieldDoc }
  | { readonly kind: 'false'; readonly doc: FieldDoc }
  | { readonly kind: 'number'; readonly doc: FieldDoc }
  | { readonly kind: 'string'; readonly doc: FieldDoc }
  | { readonly kind: 'nullable-string'; readonly doc: FieldDoc }
  | { readonly kind: 'nullable-boolean'; readonly doc: FieldDoc }
  | { readonly kind: 'one-of'; readonly values: readonly string[]; readonly doc: FieldDoc }
  | { readonly kind: 'strings'; readonly doc: FieldDoc }
  | { readonly kind: 'list'; readonly of: SummarySchema; readonly doc: FieldDoc }
  | { readonly kind: 'object'; readonly of: SummarySchema; readonly doc: FieldDoc };

export interface SummarySchema {
  /** The schema's name in the API document, without the api's `Dto` suffix. */
  readonly name: string;
  readonly fields: Readonly<Record<string, SummaryField>>;
}

/** The field builders. */
export const field = {
  boolean: (doc: FieldDoc = {}) => ({ kind: 'boolean', doc }) as const,
  /** Always `false` (e.g. `providerAnswered` of a provider that never answered). */
  false: (doc: FieldDoc = {}) => ({ kind: 'false', doc }) as const,
  number: (doc: FieldDoc = {}) => ({ kind: 'number', doc }) as const,
  string: (doc: FieldDoc = {}) => ({ kind: 'string', doc }) as const,
  nullableString: (doc: FieldDoc = {}) => ({ kind: 'nullable-string', doc }) as const,
  nullableBoolean: (doc: FieldDoc = {}) => ({ kind: 'nullable-boolean', doc }) as const,
  oneOf: <const V extends readonly string[]>(values: V, doc: FieldDoc = {}) =>
    ({ kind: 'one-of', values, doc }) as const,
  strings: (doc: FieldDoc = {}) => ({ kind: 'strings', doc }) as const,
  list: <const O extends SummarySchema>(of: O, doc: FieldDoc = {}) => ({ kind: 'list', of, doc }) as const,
  object: <const O extends SummarySchema>(of: O, doc: FieldDoc = {}) =>
    ({ kind: 'object', of, doc }) as const,
};

export function summarySchema<const N extends string, const F extends Record<string, SummaryField>>(
  name: N,
  fields: F,
): { readonly name: N; readonly fields: F } {
  return { name, fields };
}

type FieldType<F> = F extends { kind: 'boolean' }
  ? boolean
  : F extends { kind: 'false' }
    ? false
    : F extends { kind: 'number' }
      ? number
      : F extends { kind: 'string' }
        ? string
        : F extends { kind: 'nullable-string' }
          ? string | null
          : F extends { kind: 'nullable-boolean' }
            ? boolean | null
            : F extends { kind: 'one-of'; values: readonly (infer V)[] }
              ? V
              : F extends { kind: 'strings' }
                ? string[]
                : F extends { kind: 'list'; of: infer O extends SummarySchema }
                  ? Array<SummaryOf<O>>
                  : F extends { kind: 'object'; of: infer O extends SummarySchema }
                    ? SummaryOf<O>
                    : never;

/** The TypeScript type of a summary schema (of each member, for a union of schemas). */
export type SummaryOf<S extends SummarySchema> = S extends SummarySchema
  ? { -readonly [K in keyof S['fields']]: FieldType<S['fields'][K]> }
  : never;
