import { hotStatement, rows, scalar } from './hot-sql';
import {
  ADD_JOBS,
  APPEND_AUDIT_EVENTS,
  APPEND_CLIENT_EVENTS,
  APPEND_EVENT_WITH_ID,
  APPEND_EVENTS,
  APPLY_STEPS,
  CLAIM_KEYS,
  INSERT_ALERTS,
  INSERT_REGISTRATIONS,
  INSERT_SCREENINGS,
  INSERT_SEARCH,
  INSERT_SEARCH_SLICE,
  REARM_JOBS,
  RECORD_ATTEMPTS,
  UNLOCK_ONCE,
} from './hot-statements';

// The SQL of the statements run per registration, per lifecycle step, per screening, per legal
// search and unlock, per webhook attempt, and of every other write of events. A change
// to one of them (a column added, a join changed) fails here until the snapshot is updated on
// purpose (`npx jest -u`), so it shows in review.
const HOT_STATEMENTS = {
  INSERT_REGISTRATIONS,
  APPLY_STEPS,
  APPEND_EVENTS,
  APPEND_EVENT_WITH_ID,
  APPEND_CLIENT_EVENTS,
  ADD_JOBS,
  REARM_JOBS,
  CLAIM_KEYS,
  INSERT_SCREENINGS,
  INSERT_SEARCH,
  INSERT_SEARCH_SLICE,
  UNLOCK_ONCE,
  INSERT_ALERTS,
  RECORD_ATTEMPTS,
  APPEND_AUDIT_EVENTS,
};

describe('hot statements (SQL snapshots)', () => {
  it.each(Object.entries(HOT_STATEMENTS))('%s', (_name, statement) => {
    expect({ name: statement.name, text: statement.text }).toMatchSnapshot();
  });

  it('names each statement once (each is prepared under its name)', () => {
    const names = Object.values(HOT_STATEMENTS).map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('hotStatement', () => {
  interface Row {
    id: string;
    n: number | null;
    doc?: unknown;
  }
  const statement = hotStatement<{ id: string }>()(
    'test',
    {
      batch: scalar('uuid'),
      items: rows<Row>('t', {
        id: ['uuid', (r) => r.id],
        n: ['int', (r) => r.n],
        doc: ['jsonb', (r) => r.doc],
      }),
    },
    (q) =>
      `INSERT INTO x (${q.items.names()}, batch) SELECT ${q.items.select('n')}, ${q.batch} FROM ${q.items.from}`,
  );

  it('numbers the scalars and one array per column in the order of the declaration', () => {
    expect(statement.text).toBe(
      'INSERT INTO x (id, n, doc, batch) SELECT t.id, t.doc, $1::uuid FROM unnest($2::uuid[], $3::int[], ' +
        'ARRAY(SELECT e.v -> 0 FROM jsonb_array_elements($4::jsonb) WITH ORDINALITY AS e(v, i) ORDER BY e.i)) AS t(id, n, doc)',
    );
  });

  it('reads each column of every row; a jsonb column is one JSON document of [value] or null (SQL NULL)', () => {
    const params = statement.params({
      batch: 'b',
      items: [
        { id: 'a', n: 1, doc: { k: [1] } },
        { id: 'c', n: null, doc: null },
        { id: 'd', n: 2 },
      ],
    });
    expect(params).toEqual(['b', ['a', 'c', 'd'], [1, null, 2], '[[{"k":[1]}],[null],null]']);
  });

  it('sends empty arrays for no rows', () => {
    expect(statement.params({ batch: null, items: [] })).toEqual([null, [], [], '[]']);
  });
});
