import { offsetOf } from '@app/domain';
import type { SqlExecutor } from './executor';
import { HotStatement, type Inputs, type Refs, type Scalar, scalar, type Values } from './hot-sql';

/**
 * The column map of hot-sql.ts extended to SELECT lists (docs/architecture.md, "Typed SQL from one
 * column map"). A read declares each field of its rows once, as `field: expression of a PostgreSQL
 * type`; the SELECT list (`expression AS "field"`) and the TypeScript row type both come from that
 * declaration, so a row is never cast to a type written elsewhere, and a field added to the
 * declaration is in the SQL and in the type at once. Nested JSON (a request's processes) is
 * declared the same way: `jsonObject(fields)` writes the `json_build_object(...)` and types it.
 */

/** What node-postgres answers for a selected expression of each type. */
export interface ReadValues {
  uuid: string;
  text: string;
  int: number;
  smallint: number;
  /** int8 is answered as text (it may not fit a JS number); cast to float8 for a number. */
  bigint: string;
  float8: number;
  bool: boolean;
  timestamptz: Date;
  /** A secret's bytes (a webhook endpoint's). */
  bytea: Buffer;
  'text[]': string[];
  'uuid[]': string[];
  'int[]': number[];
  'bigint[]': string[];
}

/** What the same types are inside `json_build_object` (JSON has numbers and strings only). */
export interface JsonValues {
  uuid: string;
  text: string;
  int: number;
  smallint: number;
  bigint: number;
  float8: number;
  bool: boolean;
  timestamptz: string;
  /** Its hex text (`\x...`). */
  bytea: string;
  'text[]': string[];
  'uuid[]': string[];
  'int[]': number[];
  'bigint[]': number[];
}

export type ReadType = keyof ReadValues;

/**
 * One output field: its SQL when selected, its SQL inside a JSON object (a date or a time reads
 * differently there), the TypeScript value of each (`row`, `json`: types only) and, for the
 * statement catalogue's snapshot, its type as written.
 */
export class Field<R, J = R> {
  declare readonly row: R;
  declare readonly json: J;

  constructor(
    readonly sql: string,
    readonly type: string,
    readonly jsonSql: string = sql,
  ) {}

  /** The same expression, NULL allowed (an outer join, a nullable column, a subquery). */
  orNull(): Field<R | null, J | null> {
    return new Field(this.sql, `${this.type}?`, this.jsonSql);
  }

  /** The same expression with the domain's narrower type (a status column holds one of its statuses). */
  as<T extends R>(): Field<T, T> {
    return new Field(this.sql, this.type, this.jsonSql);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of any value type
export type Fields = Record<string, Field<any, any>>;

/** The row a SELECT of `F` answers. */
export type RowOf<F extends Fields> = { [K in keyof F]: F[K]['row'] };
/** The object `jsonObject(F)` builds. */
export type JsonOf<F extends Fields> = { [K in keyof F]: F[K]['json'] };

/** An expression of a PostgreSQL type: `col('text', 'c.name')`. */
export const col = <P extends ReadType>(type: P, sql: string): Field<ReadValues[P], JsonValues[P]> =>
  new Field(sql, type);

/** A json or jsonb expression whose documents have the shape `T` (a column the service writes). */
export const json = <T>(sql: string): Field<T, T> => new Field(sql, 'json');

/**
 * A time as epoch milliseconds, a number either way: float8 when selected (the driver parses it,
 * no `Number()` per row), bigint inside JSON (a JSON number).
 */
export const epochMs = (sql: string): Field<number, number> =>
  new Field(
    `(extract(epoch FROM ${sql}) * 1000)::bigint::float8`,
    'epoch ms',
    `(extract(epoch FROM ${sql}) * 1000)::bigint`,
  );

/** A date as YYYY-MM-DD text either way (selected, the driver would make it a local midnight). */
export const day = (sql: string): Field<string, string> =>
  new Field(`to_char(${sql}, 'YYYY-MM-DD')`, 'date', sql);

/** The SELECT list of `fields`: `expression AS "field"` (the alias left out where it is the column's name). */
export function selectList(fields: Fields): string {
  return Object.entries(fields)
    .map(([name, field]) => (isNamed(field.sql, name) ? field.sql : `${field.sql} AS "${name}"`))
    .join(', ');
}

function isNamed(sql: string, name: string): boolean {
  return name === name.toLowerCase() && (sql === name || sql.endsWith(`.${name}`)) && /^[\w.]+$/.test(sql);
}

/** `json_build_object('field', expression, ...)` (or jsonb_build_object), typed as its object. */
export function jsonObject<F extends Fields>(
  fields: F,
  kind: 'json' | 'jsonb' = 'json',
): Field<JsonOf<F>, JsonOf<F>> {
  const pairs = Object.entries(fields)
    .map(([name, field]) => `'${name}', ${field.jsonSql}`)
    .join(', ');
  return new Field(`${kind}_build_object(${pairs})`, `${kind} {${describe(fields)}}`);
}

/**
 * The objects of `fields` of the rows `from` (a FROM ... WHERE ...) in `orderBy` order (none: ''),
 * as one JSON array; NULL for no rows (`coalesce` it in SQL, or take `[]` for null where read).
 */
export function jsonList<F extends Fields>(
  fields: F,
  from: string,
  orderBy: string,
  kind: 'json' | 'jsonb' = 'json',
): Field<Array<JsonOf<F>> | null, Array<JsonOf<F>> | null> {
  const object = jsonObject(fields, kind);
  return new Field(
    `(SELECT ${kind}_agg(${object.sql}${orderBy ? ` ORDER BY ${orderBy}` : ''}) FROM ${from})`,
    `${kind}[] {${describe(fields)}}?`,
  );
}

function describe(fields: Fields): string {
  return Object.entries(fields)
    .map(([name, field]) => `${name}: ${field.type}`)
    .join(', ');
}

/** As `jsonList`, `[]` for no rows (`coalesce(..., '[]')`). */
export function jsonArray<F extends Fields>(
  fields: F,
  from: string,
  orderBy: string,
  kind: 'json' | 'jsonb' = 'json',
): Field<Array<JsonOf<F>>, Array<JsonOf<F>>> {
  const list = jsonList(fields, from, orderBy, kind);
  return new Field(`coalesce(${list.sql}, '[]')`, list.type.slice(0, -1));
}

/**
 * A read statement: a hot statement (hot-sql.ts: its name, its typed parameters, its SQL) whose rows
 * are declared by `fields` (or by a function of the parameters' references, for a field that uses
 * one). The SQL gets the SELECT list as `select`.
 */
export class ReadStatement<I extends Inputs, F extends Fields> extends HotStatement<I, RowOf<F>> {
  readonly fields: F;

  constructor(
    name: string,
    inputs: I,
    fields: F | ((q: Refs<I>) => F),
    sql: (q: Refs<I>, select: string) => string,
  ) {
    let declared: F | undefined;
    super(name, inputs, (q) => {
      declared = typeof fields === 'function' ? fields(q) : fields;
      return sql(q, selectList(declared));
    });
    this.fields = declared!;
  }

  /** The fields and their types, for the catalogue's snapshot. */
  describe(): string {
    return describe(this.fields);
  }
}

/** Declares a read: its name, its parameters (hot-sql.ts `scalar`s, in order), its fields and its SQL. */
export function readStatement<I extends Inputs, F extends Fields>(
  name: string,
  inputs: I,
  fields: F | ((q: Refs<I>) => F),
  sql: (q: Refs<I>, select: string) => string,
): ReadStatement<I, F> {
  return new ReadStatement(name, inputs, fields, sql);
}

/** A page of a filtered list and the count of what the filter keeps: two reads of one declaration. */
export interface PagedRead<I extends Inputs, F extends Fields> {
  rows: ReadStatement<I & { limit: Scalar<'int8'>; offset: Scalar<'int8'> }, F>;
  count: ReadStatement<I, { total: Field<number, number> }>;
}

/**
 * Declares a paged list: `from` is the table with its WHERE on the parameters `inputs`; the page
 * orders by `orderBy` and takes LIMIT and OFFSET after them.
 */
export function pagedRead<I extends Inputs, F extends Fields>(
  name: string,
  inputs: I,
  fields: F,
  from: (q: Refs<I>) => string,
  orderBy: string,
): PagedRead<I, F> {
  return {
    rows: readStatement(
      name,
      { ...inputs, limit: scalar('int8'), offset: scalar('int8') },
      fields,
      (q, select) =>
        `SELECT ${select} FROM ${from(q)} ORDER BY ${orderBy} LIMIT ${q.limit} OFFSET ${q.offset}`,
    ),
    count: readStatement(
      `${name}-count`,
      inputs,
      { total: col('int', 'count(*)::int') },
      (q, select) => `SELECT ${select} FROM ${from(q)}`,
    ),
  };
}

/** One page of a paged read and how many rows its filter keeps, read side by side. */
export async function readPage<I extends Inputs, F extends Fields>(
  executor: SqlExecutor,
  paged: PagedRead<I, F>,
  values: Values<I>,
  page: { page: number; limit: number },
): Promise<{ rows: Array<RowOf<F>>; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    paged.rows.query(executor, { ...values, limit: page.limit, offset: offsetOf(page.page, page.limit) }),
    paged.count.query(executor, values),
  ]);
  return { rows, total };
}
