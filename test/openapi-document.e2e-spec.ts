/**
 * What integrators take for granted in the served OpenAPI document (docs/integrators.md): integer `page`
 * and `limit` with the bounds the api enforces, every tag declared in product order, a description
 * on every response, no internal references in public text, the event envelope as a discriminated
 * union derived from the event catalogue, and the body limits each operation really has.
 */
import { randomUUID } from 'node:crypto';
import { EVENT_CATALOG, EVENT_TYPES } from '@app/domain';
import { api, signedIn } from './support/helpers';
import { Schema, servedDocument } from './support/openapi';

interface Parameter {
  name: string;
  in: string;
  description?: string;
  schema: { type?: string; minimum?: number; maximum?: number; default?: unknown };
}

interface Operation {
  operationId: string;
  tags?: string[];
  summary?: string;
  parameters?: Parameter[];
  responses: Record<string, { description?: string }>;
  callbacks?: Record<string, Record<string, Record<string, Operation>>>;
  requestBody?: { content: Record<string, { schema: Schema }> };
}

interface Document {
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema & { discriminator?: DiscriminatorObject }> };
}

interface DiscriminatorObject {
  propertyName: string;
  mapping?: Record<string, string>;
}

/** The areas of the product in the order the document shows them (others slot in between). */
const PRODUCT_ORDER = [
  'Candidate screening',
  'Legal records',
  'Events and webhooks',
  'Usage',
  'Authentication',
  'Health',
];

const acme = signedIn('demo@acme.test');

async function document(): Promise<Document> {
  return (await servedDocument()) as unknown as Document;
}

function operations(doc: Document): Array<{ path: string; method: string; operation: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
}

/** Every operation of the document, the webhook callbacks included. */
function everyOperation(doc: Document): Array<{ where: string; operation: Operation }> {
  return operations(doc).flatMap(({ path, method, operation }) => [
    { where: `${method.toUpperCase()} ${path}`, operation },
    ...Object.values(operation.callbacks ?? {}).flatMap((callback) =>
      Object.entries(callback).flatMap(([expression, methods]) =>
        Object.entries(methods).map(([verb, inner]) => ({
          where: `callback ${verb.toUpperCase()} ${expression} of ${operation.operationId}`,
          operation: inner,
        })),
      ),
    ),
  ]);
}

function schemaName(ref: string | undefined): string {
  return (ref ?? '').split('/').pop()!;
}

describe('page and limit', () => {
  it('are integer query parameters with a minimum, a maximum and a default, wherever they appear', async () => {
    const paged = operations(await document()).flatMap(({ path, method, operation }) =>
      (operation.parameters ?? [])
        .filter((p) => p.name === 'page' || p.name === 'limit')
        .map((p) => ({ where: `${method} ${path} ${p.name}`, parameter: p })),
    );
    expect(paged.length).toBeGreaterThanOrEqual(15);
    for (const { where, parameter } of paged) {
      expect({ where, in: parameter.in, type: parameter.schema.type }).toEqual({
        where,
        in: 'query',
        type: 'integer',
      });
      expect({ where, minimum: parameter.schema.minimum }).toEqual({ where, minimum: 1 });
      expect(Number.isInteger(parameter.schema.maximum)).toBe(true);
      expect(Number.isInteger(parameter.schema.default)).toBe(true);
      expect(parameter.description).toEqual(expect.any(String));
    }
  });

  it('are refused by the api exactly outside the documented bounds, and default to the documented default', async () => {
    let defaultsSeen = 0;
    for (const { path, method, operation } of operations(await document())) {
      const page = operation.parameters?.find((p) => p.name === 'page');
      const limit = operation.parameters?.find((p) => p.name === 'limit');
      if (!page && !limit) continue;
      // Unknown resources are fine: the paging is checked before anything is looked up, and a
      // 404 (or a 400 about the empty body of a creation) says the paging itself was accepted.
      const url = path.replace(/\{[^}]+\}/g, () => randomUUID());
      const call = (query: Record<string, number>) => {
        const request = method === 'post' ? api().post(url).send({}) : api().get(url);
        return request.query(query).set(acme.auth);
      };
      const pagingErrors = (body: { errors?: Array<{ field: string }> }) =>
        (body.errors ?? []).map((e) => e.field).filter((field) => field === 'page' || field === 'limit');
      const where = `${method} ${path}`;

      const edge = {
        ...(page ? { page: page.schema.maximum! } : {}),
        ...(limit ? { limit: limit.schema.maximum! } : {}),
      };
      const accepted = await call(edge);
      expect({ where, status: accepted.status, errors: pagingErrors(accepted.body) }).toEqual({
        where,
        status: accepted.status,
        errors: [],
      });
      for (const [name, value] of [
        ...(page ? [['page', 0] as const, ['page', page.schema.maximum! + 1] as const] : []),
        ...(limit ? [['limit', 0] as const, ['limit', limit.schema.maximum! + 1] as const] : []),
      ]) {
        const refused = await call({ [name]: value });
        expect({ where, name, value, status: refused.status, errors: pagingErrors(refused.body) }).toEqual({
          where,
          name,
          value,
          status: 400,
          errors: [name],
        });
      }

      const plain = await call({});
      const echoed =
        plain.body?.limit ?? plain.body?.meta?.pagination?.limit ?? plain.body?.data?.meta?.pagination?.limit;
      if (plain.status === 200 && limit && echoed !== undefined) {
        expect({ where, limit: echoed }).toEqual({ where, limit: limit.schema.default });
        defaultsSeen++;
      }
    }
    expect(defaultsSeen).toBeGreaterThanOrEqual(3);
  });
});

describe('tags', () => {
  it('are all declared with a description, in product order, and each used', async () => {
    const doc = await document();
    const declared = (doc.tags ?? []).map((tag) => tag.name);
    expect(doc.tags?.every((tag) => (tag.description ?? '').trim().length > 0)).toBe(true);
    expect(declared.filter((name) => PRODUCT_ORDER.includes(name))).toEqual(PRODUCT_ORDER);
    const used = new Set(operations(doc).flatMap(({ operation }) => operation.tags ?? []));
    expect(declared.filter((name) => !used.has(name))).toEqual([]);
  });

  it('give every operation exactly one of them, webhook callbacks included', async () => {
    const doc = await document();
    const declared = new Set((doc.tags ?? []).map((tag) => tag.name));
    const wrong = everyOperation(doc)
      .filter(({ operation }) => operation.tags?.length !== 1 || !declared.has(operation.tags[0]))
      .map(({ where, operation }) => `${where}: ${JSON.stringify(operation.tags)}`);
    expect(wrong).toEqual([]);
  });
});

describe('responses', () => {
  it('each have a description, callbacks included', async () => {
    const empty = everyOperation(await document()).flatMap(({ where, operation }) =>
      Object.entries(operation.responses)
        .filter(([, response]) => (response.description ?? '').trim().length < 3)
        .map(([status]) => `${where} ${status}`),
    );
    expect(empty).toEqual([]);
  });
});

describe('public text', () => {
  /** Every string of the document with where it is (descriptions, summaries, examples, enums...). */
  function strings(value: unknown, at = '$'): Array<{ at: string; text: string }> {
    if (typeof value === 'string') return [{ at, text: value }];
    if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, `${at}[${i}]`));
    if (value && typeof value === 'object')
      return Object.entries(value).flatMap(([key, item]) => strings(item, `${at}.${key}`));
    return [];
  }

  function enumValues(value: unknown): string[] {
    if (Array.isArray(value)) return value.flatMap(enumValues);
    if (!value || typeof value !== 'object') return [];
    const own = (value as { enum?: unknown[] }).enum?.filter((v): v is string => typeof v === 'string') ?? [];
    return [...own, ...Object.values(value).flatMap(enumValues)];
  }

  it('cites no section of the internal specification', async () => {
    const cited = strings(await document()).filter(({ text }) =>
      /\b(?:CONTRACT|SPEC)\b|\bsection\s+\d|§/i.test(text),
    );
    expect(cited).toEqual([]);
  });

  it('names no environment variable (only values the document itself declares, such as enum members)', async () => {
    const doc = await document();
    const declaredValues = new Set(enumValues(doc));
    const named = strings(doc).flatMap(({ at, text }) =>
      (text.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g) ?? [])
        .filter((token) => !declaredValues.has(token))
        .map((token) => `${at}: ${token}`),
    );
    expect(named).toEqual([]);
  });
});

describe('uuid examples', () => {
  /** RFC 9562: version 1 to 8 and the RFC variant (the nil and max UUIDs aside, which no example uses). */
  const RFC_9562 = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

  it('are RFC 9562 UUIDs, where a schema declares format: uuid and wherever one appears in an example', async () => {
    const text = JSON.stringify(await document());
    const declared: string[] = [];
    JSON.parse(text, (_key, value: unknown) => {
      const schema = value as { format?: unknown; example?: unknown } | null;
      if (schema && typeof schema === 'object' && schema.format === 'uuid' && 'example' in schema)
        declared.push(String(schema.example));
      return value;
    });
    const shaped = text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi) ?? [];
    expect(declared.length).toBeGreaterThan(5);
    expect([...declared, ...shaped].filter((uuid) => !RFC_9562.test(uuid))).toEqual([]);
  });
});

describe('the event envelope', () => {
  it('is oneOf a variant per event type of the catalogue, discriminated by type', async () => {
    const { components } = await document();
    const envelope = components.schemas.EventEnvelopeDto;
    expect(envelope.discriminator?.propertyName).toBe('type');
    const mapping = envelope.discriminator?.mapping ?? {};
    expect(Object.keys(mapping).sort()).toEqual([...EVENT_TYPES].sort());
    expect(envelope.oneOf?.map((variant) => variant.$ref).sort()).toEqual(Object.values(mapping).sort());
    for (const type of EVENT_TYPES) {
      const variant = components.schemas[schemaName(mapping[type])];
      expect({ type, required: variant.required }).toEqual({
        type,
        required: ['id', 'type', 'createdAt', 'clientId', 'data'],
      });
      expect(variant.properties?.type).toEqual(expect.objectContaining({ type: 'string', enum: [type] }));
      const data = components.schemas[schemaName(variant.properties?.data?.$ref)];
      expect({ type, fields: Object.keys(data.properties ?? {}) }).toEqual({
        type,
        fields: Object.keys(EVENT_CATALOG[type].data),
      });
      expect({ type, required: data.required, closed: data.additionalProperties }).toEqual({
        type,
        required: Object.keys(EVENT_CATALOG[type].data),
        closed: false,
      });
    }
  });

  it('is what the event log lists and what a webhook delivery carries', async () => {
    const doc = await document();
    const page = responseSchema(doc, doc.paths['/events'].get.responses['200']);
    expect(page.properties?.data?.items?.$ref).toBe('#/components/schemas/EventEnvelopeDto');
    const deliveries = everyOperation(doc).filter(
      ({ operation }) => operation.operationId === 'receiveWebhookEvent',
    );
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].operation.requestBody?.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/EventEnvelopeDto',
    );
  });
});

/** The component schema a JSON response refers to. */
function responseSchema(doc: Document, response: { description?: string }): Schema {
  const schema = (response as { content: Record<string, { schema: Schema }> }).content['application/json']
    .schema;
  return doc.components.schemas[schemaName(schema.$ref)];
}

describe('413', () => {
  it('says 1 MB for the batch registration and 100 kB for every other operation with a body', async () => {
    const limits = operations(await document())
      .filter(({ operation }) => operation.responses['413'])
      .map(({ operation }) => [operation.operationId, operation.responses['413'].description]);
    expect(limits.length).toBeGreaterThanOrEqual(6);
    for (const [operationId, description] of limits)
      expect({ operationId, description }).toEqual({
        operationId,
        description:
          operationId === 'createCandidateRequestBatch'
            ? 'Body larger than 1 MB (1,000,000 bytes)'
            : 'Body larger than 100 kB (100,000 bytes)',
      });
  });
});
