import type { DataSource } from 'typeorm';
import { preparedRows, queryRows, SqlExecutor } from './executor';

/**
 * The hot statements (registration, lifecycle step, outbox, events, screenings) write many rows in
 * one round trip with `INSERT ... SELECT FROM unnest($1::uuid[], $2::text[], ...)`: one array per
 * column, all of one length. Written by hand, a column is three edits kept in step by position (the
 * column list, the `$n::type[]` list, the parameter array). Here a statement declares each of its
 * row sets once, as `column -> [pg type, field of the row]`, and the SQL text, the parameters and
 * the row type all come from that declaration: adding a column is one line.
 */

/** The PostgreSQL types hot statements use, and the TypeScript value each column takes. */
export interface PgValues {
  uuid: string;
  text: string;
  int: number;
  smallint: number;
  bigint: string;
  bool: boolean;
  date: string;
  timestamptz: Date;
  /**
   * A transaction id (the event log's order), as its decimal text: a scalar, or a column of a row
   * set (the webhook dispatcher's client positions and new deliveries name events by it).
   */
  xid8: string;
  /** Sent as JSON text: the helper stringifies (`undefined` is SQL NULL, `null` is JSON null). */
  jsonb: unknown;
}
export type PgType = keyof PgValues;

/** A scalar parameter may also be a list (a filter's values); a row set's column may not. */
export interface ScalarValues extends PgValues {
  float8: number;
  bytea: Buffer;
  /**
   * A LIMIT or an OFFSET: int8 as PostgreSQL infers them, so a page far past the end (an offset
   * past 2^31) reads nothing instead of failing; a JS number, exact up to 2^53.
   */
  int8: number;
  /** JSON kept verbatim (key order and all), sent as its text like jsonb. */
  json: unknown;
  'text[]': readonly string[];
  'uuid[]': readonly string[];
  'int[]': readonly number[];
  'bigint[]': readonly string[];
}
export type ScalarType = keyof ScalarValues;

/** One column: its PostgreSQL type and how its value is read from a row. */
export type Column<T> = {
  [P in PgType]: readonly [P, (row: T) => PgValues[P] | null | undefined];
}[PgType];

/** The columns of one row set of a statement, in their SQL order. */
export type Columns<T> = Record<string, Column<T>>;

/** A row set of a statement: `unnest(...) AS alias(columns)`, one array parameter per column. */
export class Rows<T> {
  readonly kind = 'rows';
  constructor(
    readonly alias: string,
    readonly columns: Columns<T>,
  ) {}
}

/** One scalar parameter of a statement (`$n::type`). */
export class Scalar<P extends ScalarType> {
  readonly kind = 'scalar';
  constructor(readonly type: P) {}
}

/** `alias(columns)` read from rows of `T`. */
export const rows = <T>(alias: string, columns: Columns<T>): Rows<T> => new Rows(alias, columns);
export const scalar = <P extends ScalarType>(type: P): Scalar<P> => new Scalar(type);

/** The columns of another row type, read through `pick` (a shared column set, e.g. an event's). */
export function columnsVia<T, S>(columns: Columns<S>, pick: (row: T) => S): Columns<T> {
  return Object.fromEntries(
    Object.entries(columns).map(([name, [type, read]]) => [
      name,
      [type, (row: T) => (read as (row: S) => unknown)(pick(row))],
    ]),
  ) as Columns<T>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row set of any row type
type Input = Rows<any> | Scalar<ScalarType>;
export type Inputs = Record<string, Input>;

/** What a statement's SQL refers to: a row set's `from` and `names`, a scalar's `$n::type`. */
export type Refs<I extends Inputs> = {
  [K in keyof I]: I[K] extends Rows<infer _T>
    ? {
        /** `unnest($1::uuid[], ...) AS alias(a, b, ...)` */
        from: string;
        /** `$1::uuid[], ...` (for `unnest(...) WITH ORDINALITY`) */
        arrays: string;
        /** `a, b, ...` but `except` (an INSERT's column list) */
        names(...except: string[]): string;
        /** `alias.a, alias.b, ...` but `except` (a SELECT's list) */
        select(...except: string[]): string;
      }
    : string;
};

/** The values a statement is run with: rows for a row set, a value for a scalar. */
export type Values<I extends Inputs> = {
  [K in keyof I]: I[K] extends Rows<infer T>
    ? readonly T[]
    : I[K] extends Scalar<infer P>
      ? ScalarValues[P] | null
      : never;
};

/** A hot statement: its SQL text, fixed, and its typed rows. */
export class HotStatement<I extends Inputs, R> {
  readonly text: string;

  constructor(
    /** The name it is prepared under in each pooled connection. */
    readonly name: string,
    private readonly inputs: I,
    sql: (refs: Refs<I>) => string,
  ) {
    let next = 1;
    const refs: Record<string, unknown> = {};
    for (const [key, input] of Object.entries(inputs)) {
      if (input.kind === 'scalar') {
        refs[key] = `$${next++}::${input.type}`;
        continue;
      }
      const { alias } = input;
      const names = Object.keys(input.columns);
      const arrays = Object.values(input.columns)
        .map(([type]) => (type === 'jsonb' ? jsonbArray(next++) : `$${next++}::${type}[]`))
        .join(', ');
      const but = (except: string[]) => names.filter((name) => !except.includes(name));
      refs[key] = {
        from: `unnest(${arrays}) AS ${alias}(${names.join(', ')})`,
        arrays,
        names: (...except: string[]) => but(except).join(', '),
        select: (...except: string[]) =>
          but(except)
            .map((name) => `${alias}.${name}`)
            .join(', '),
      };
    }
    this.text = sql(refs as Refs<I>);
  }

  /** The parameters, in the order of the declaration: one array per column, a value per scalar. */
  params(values: Values<I>): unknown[] {
    const params: unknown[] = [];
    for (const [key, input] of Object.entries(this.inputs)) {
      const value = (values as Record<string, unknown>)[key];
      if (input.kind === 'scalar') {
        params.push(input.type === 'jsonb' || input.type === 'json' ? json(value) : (value ?? null));
        continue;
      }
      const list = value as readonly unknown[];
      for (const [type, read] of Object.values(input.columns) as Array<Column<unknown>>) {
        const reader = read as (row: unknown) => unknown;
        params.push(type === 'jsonb' ? jsonbElements(list, reader) : list.map((row) => reader(row) ?? null));
      }
    }
    return params;
  }

  /** Run as a named prepared statement of the pool (parsed and planned once per connection). */
  prepared(dataSource: DataSource, values: Values<I>): Promise<R[]> {
    return preparedRows<R>(dataSource, this.name, this.text, this.params(values));
  }

  /** Run on any executor (inside a caller's transaction). */
  query(executor: SqlExecutor, values: Values<I>): Promise<R[]> {
    return queryRows<R>(executor, this.text, this.params(values));
  }
}

/**
 * Declares a hot statement: `name`, its row sets and scalars in parameter order, the SQL written
 * with their references, and the type of the rows it answers (`R`, given first).
 */
export function hotStatement<R>() {
  return <I extends Inputs>(name: string, inputs: I, sql: (refs: Refs<I>) => string) =>
    new HotStatement<I, R>(name, inputs, sql);
}

function json(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

/**
 * A jsonb column's values as ONE JSON document, each row's value wrapped in an array (`[value]`,
 * or `null` for SQL NULL), unwrapped by `jsonbArray`. Sent as a `jsonb[]` literal instead, every
 * value's JSON text went through the driver's array escaping (two regular expressions over it):
 * with 20 matches per ad-hoc screening that was a sixth of the api's CPU per screening.
 */
function jsonbElements(list: readonly unknown[], read: (row: unknown) => unknown): string {
  return JSON.stringify(
    list.map((row) => {
      const value = read(row);
      return value === undefined ? null : [value];
    }),
  );
}

/** The `jsonb[]` a jsonbElements parameter holds, in its order (`-> 0` of `null` is SQL NULL). */
function jsonbArray(parameter: number): string {
  return `ARRAY(SELECT e.v -> 0 FROM jsonb_array_elements($${parameter}::jsonb) WITH ORDINALITY AS e(v, i) ORDER BY e.i)`;
}
