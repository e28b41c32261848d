import { api } from './helpers';

/** The subset of JSON Schema (OpenAPI 3.0 dialect) the served document uses. */
export interface Schema {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  oneOf?: Schema[];
  allOf?: Schema[];
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content: Record<string, { schema: Schema }> }> }>
  >;
  components: { schemas: Record<string, Schema> };
}

let served: Promise<OpenApiDocument> | undefined;

/** The document the running api serves at /docs-json (read once per test file). */
export function servedDocument(): Promise<OpenApiDocument> {
  served ??= api()
    .get('/docs-json')
    .expect(200)
    .then((response) => response.body as OpenApiDocument);
  return served;
}

/** The schema the served document gives for a JSON answer of an operation, `$ref`s resolved. */
export async function documentedSchema(path: string, method = 'get', status = '200'): Promise<Schema> {
  const document = await servedDocument();
  return resolve(document, document.paths[path][method].responses[status].content['application/json'].schema);
}

/**
 * What keeps `body` from matching the documented answer of an operation (empty when it matches).
 * Checks the keywords the document uses, formats and examples aside: $ref, discriminator (the
 * variant its mapping names, as a generated client picks it), oneOf (exactly one variant), allOf,
 * type, nullable, enum, required, properties, additionalProperties: false, items.
 */
export async function documentedViolations(
  path: string,
  body: unknown,
  method = 'get',
  status = '200',
): Promise<string[]> {
  const document = await servedDocument();
  return violations(document, await documentedSchema(path, method, status), body, '$');
}

function resolve(document: OpenApiDocument, schema: Schema): Schema {
  return schema.$ref ? resolve(document, document.components.schemas[schema.$ref.split('/').pop()!]) : schema;
}

function violations(document: OpenApiDocument, ref: Schema, value: unknown, at: string): string[] {
  const schema = resolve(document, ref);
  if (value === null) return schema.nullable ? [] : [`${at}: null is not allowed`];
  if (schema.discriminator && isObject(value)) {
    const { propertyName, mapping = {} } = schema.discriminator;
    const variant = mapping[String(value[propertyName])];
    if (!variant)
      return [
        `${at}.${propertyName}: ${JSON.stringify(value[propertyName])} is not a value the discriminator maps`,
      ];
    return violations(document, { $ref: variant }, value, at);
  }
  if (schema.oneOf) {
    const verdicts = schema.oneOf.map((variant) => violations(document, variant, value, at));
    const matching = verdicts.filter((problems) => problems.length === 0).length;
    if (matching !== 1)
      return [
        `${at}: matches ${matching} of the ${verdicts.length} oneOf variants, not exactly 1` +
          (matching === 0 ? ` (${verdicts.map((problems) => problems[0]).join('; ')})` : ''),
      ];
  }
  const problems = (schema.allOf ?? []).flatMap((part) => violations(document, part, value, at));
  if (schema.enum && !schema.enum.includes(value))
    return [`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`];
  if (schema.type && !hasType(value, schema.type))
    return [`${at}: ${JSON.stringify(value)} is not of type ${schema.type}`];
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, i) => problems.push(...violations(document, schema.items!, item, `${at}[${i}]`)));
  }
  if (isObject(value)) {
    for (const key of schema.required ?? []) if (!(key in value)) problems.push(`${at}.${key}: missing`);
    for (const [key, item] of Object.entries(value)) {
      const property = schema.properties?.[key];
      if (property) problems.push(...violations(document, property, item, `${at}.${key}`));
      else if (schema.additionalProperties === false) problems.push(`${at}.${key}: not a documented field`);
    }
  }
  return problems;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      return typeof value === type;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
