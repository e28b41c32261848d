import {
  LedgerDayCount,
  monthOf,
  periodOf,
  periodsOf,
  usageQueryShapeViolations,
  usageCsv,
  usageCsvFileName,
  usageRangeOf,
  usageStatement,
  validateUsageQuery,
} from './usage-statement';

describe('validateUsageQuery', () => {
  const fields = (query: Parameters<typeof validateUsageQuery>[0]) =>
    validateUsageQuery(query).map((v) => v.field);

  it.each([
    [{}, []],
    [{ groupBy: 'month' }, []],
    [{ from: '2026-01-01', to: '2026-01-31', groupBy: 'day' }, []],
    [{ from: '2024-01-01', to: '2024-12-31' }, []],
    [{ from: '2025-01-01', to: '2026-01-01', groupBy: 'day' }, []],
    [{ from: '2025-01-01', to: '2026-01-02', groupBy: 'day' }, ['to']],
    [{ from: '2025-01-01', to: '2026-01-02' }, ['to']],
    [{ from: '2016-01-01', to: '2025-12-31', groupBy: 'month' }, []],
    [{ from: '2016-01-01', to: '2026-01-01', groupBy: 'month' }, ['to']],
    [{ from: '2026-01-01' }, ['to']],
    [{ to: '2026-01-01' }, ['from']],
    [{ groupBy: 'week' }, ['groupBy']],
    [{ groupBy: 'Day' }, ['groupBy']],
    [{ from: '2026-02-30', to: '2026-02-01' }, ['from']],
    [{ from: '2026-03-01', to: '2026-02-01', groupBy: 'year' }, ['from', 'groupBy']],
    [{ from: 'x', to: 'y', groupBy: 'z' }, ['from', 'to', 'groupBy']],
    // The last days YYYY can write are a valid question (the probe's endless loop); before 2000 is not.
    [{ from: '9999-12-31', to: '9999-12-31', groupBy: 'day' }, []],
    [{ from: '9999-12-31', to: '9999-12-31', groupBy: 'month' }, []],
    [{ from: '1999-12-31', to: '2000-01-01' }, ['from']],
    [{ from: '0001-01-01', to: '9999-12-31', groupBy: 'month' }, ['from']],
  ])('%p -> %p', (query, expected) => {
    expect(fields(query)).toEqual(expected);
  });
});

describe('monthOf', () => {
  it.each([
    ['2026-02-14', '2026-02-01', '2026-02-28'],
    ['2024-02-01', '2024-02-01', '2024-02-29'],
    ['2026-12-31', '2026-12-01', '2026-12-31'],
    ['2026-04-30', '2026-04-01', '2026-04-30'],
  ])('%s -> %s..%s', (today, from, to) => {
    expect(monthOf(today)).toEqual({ from, to });
  });
});

describe('usageRangeOf', () => {
  it('defaults to the current month by day', () => {
    expect(usageRangeOf({}, '2026-05-17')).toEqual({ from: '2026-05-01', to: '2026-05-31', groupBy: 'day' });
    expect(usageRangeOf({ groupBy: 'month' }, '2026-05-17')).toEqual({
      from: '2026-05-01',
      to: '2026-05-31',
      groupBy: 'month',
    });
  });

  it('takes the dates given', () => {
    expect(usageRangeOf({ from: '2025-12-30', to: '2026-01-02' }, '2026-05-17')).toEqual({
      from: '2025-12-30',
      to: '2026-01-02',
      groupBy: 'day',
    });
  });
});

describe('period bucketing', () => {
  it.each([
    ['2026-05-17', 'day', '2026-05-17'],
    ['2026-05-17', 'month', '2026-05'],
  ] as const)('periodOf(%s, %s) -> %s', (day, groupBy, period) => {
    expect(periodOf(day, groupBy)).toBe(period);
  });

  it.each([
    [
      { from: '2025-12-30', to: '2026-01-02', groupBy: 'day' },
      ['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02'],
    ],
    [
      { from: '2025-11-30', to: '2026-02-01', groupBy: 'month' },
      ['2025-11', '2025-12', '2026-01', '2026-02'],
    ],
    [{ from: '2026-03-05', to: '2026-03-05', groupBy: 'month' }, ['2026-03']],
    [{ from: '2024-02-28', to: '2024-03-01', groupBy: 'day' }, ['2024-02-28', '2024-02-29', '2024-03-01']],
    [{ from: '9999-12-31', to: '9999-12-31', groupBy: 'day' }, ['9999-12-31']],
    [{ from: '9999-12-30', to: '9999-12-31', groupBy: 'day' }, ['9999-12-30', '9999-12-31']],
    [{ from: '9999-11-15', to: '9999-12-31', groupBy: 'month' }, ['9999-11', '9999-12']],
    [{ from: '2025-12-01', to: '2026-01-31', groupBy: 'month' }, ['2025-12', '2026-01']],
  ] as const)('periodsOf(%p)', (range, periods) => {
    expect(periodsOf(range)).toEqual(periods);
  });

  it.each([
    { from: '2025-01-01', to: '2026-01-02', groupBy: 'day' },
    { from: '2000-01-01', to: '9999-12-31', groupBy: 'month' },
    { from: '2026-01-02', to: '2026-01-01', groupBy: 'day' },
  ] as const)('periodsOf refuses %p instead of looping', (range) => {
    expect(() => periodsOf(range)).toThrow(RangeError);
  });
});

describe('usageStatement', () => {
  const counts: LedgerDayCount[] = [
    { day: '2026-01-31', kind: 'LEGAL_SEARCH', count: 2 },
    { day: '2026-01-31', kind: 'LEGAL_RECORD_UNLOCK', count: 5 },
    { day: '2026-02-01', kind: 'LEGAL_SEARCH', count: 1 },
    { day: '2026-02-03', kind: 'LEGAL_RECORD_UNLOCK', count: 1 },
    { day: '2026-02-03', kind: 'WATCH_LIST_SCREENING', count: 4 },
  ];

  it('by day: a row for every day of the range, zeros included, and the totals', () => {
    expect(usageStatement({ from: '2026-01-31', to: '2026-02-03', groupBy: 'day' }, counts)).toEqual({
      rows: [
        { period: '2026-01-31', searches: 2, recordUnlocks: 5, watchListScreenings: 0, monitorMonths: 0 },
        { period: '2026-02-01', searches: 1, recordUnlocks: 0, watchListScreenings: 0, monitorMonths: 0 },
        { period: '2026-02-02', searches: 0, recordUnlocks: 0, watchListScreenings: 0, monitorMonths: 0 },
        { period: '2026-02-03', searches: 0, recordUnlocks: 1, watchListScreenings: 4, monitorMonths: 0 },
      ],
      totals: { searches: 3, recordUnlocks: 6, watchListScreenings: 4, monitorMonths: 0 },
    });
  });

  it('by month: days add up into their month', () => {
    expect(usageStatement({ from: '2026-01-31', to: '2026-02-03', groupBy: 'month' }, counts)).toEqual({
      rows: [
        { period: '2026-01', searches: 2, recordUnlocks: 5, watchListScreenings: 0, monitorMonths: 0 },
        { period: '2026-02', searches: 1, recordUnlocks: 1, watchListScreenings: 4, monitorMonths: 0 },
      ],
      totals: { searches: 3, recordUnlocks: 6, watchListScreenings: 4, monitorMonths: 0 },
    });
  });

  it('ignores counts outside the range, in rows and totals alike', () => {
    expect(usageStatement({ from: '2026-02-01', to: '2026-02-01', groupBy: 'day' }, counts)).toEqual({
      rows: [
        { period: '2026-02-01', searches: 1, recordUnlocks: 0, watchListScreenings: 0, monitorMonths: 0 },
      ],
      totals: { searches: 1, recordUnlocks: 0, watchListScreenings: 0, monitorMonths: 0 },
    });
  });

  it('answers zeros for an empty ledger', () => {
    expect(usageStatement({ from: '2026-02-01', to: '2026-02-28', groupBy: 'month' }, [])).toEqual({
      rows: [{ period: '2026-02', searches: 0, recordUnlocks: 0, watchListScreenings: 0, monitorMonths: 0 }],
      totals: { searches: 0, recordUnlocks: 0, watchListScreenings: 0, monitorMonths: 0 },
    });
  });
});

describe('usageCsv', () => {
  it('writes the header and one line a row', () => {
    expect(
      usageCsv([
        { period: '2026-01', searches: 2, recordUnlocks: 5, watchListScreenings: 0, monitorMonths: 0 },
        { period: '2026-02', searches: 0, recordUnlocks: 1, watchListScreenings: 0, monitorMonths: 0 },
      ]),
    ).toBe(
      'period,searches,recordUnlocks,watchListScreenings,monitorMonths\r\n2026-01,2,5,0,0\r\n2026-02,0,1,0,0\r\n',
    );
  });

  it('writes the header alone for no rows', () => {
    expect(usageCsv([])).toBe('period,searches,recordUnlocks,watchListScreenings,monitorMonths\r\n');
  });
});

describe('usageCsvFileName', () => {
  it.each([
    ['acme', { from: '2026-01-01', to: '2026-12-31' }, 'usage-acme-2026-01-01-2026-12-31.csv'],
    ['globex_mx.2', { from: '2026-05-01', to: '2026-05-31' }, 'usage-globex_mx.2-2026-05-01-2026-05-31.csv'],
    ['a "b"/c\\d', { from: '2026-05-01', to: '2026-05-31' }, 'usage-a__b__c_d-2026-05-01-2026-05-31.csv'],
    ['Café;\r\nx', { from: '2026-05-01', to: '2026-05-31' }, 'usage-Caf____x-2026-05-01-2026-05-31.csv'],
  ])('%j', (clientId, range, expected) => {
    expect(usageCsvFileName(clientId, range)).toBe(expected);
  });
});

const stringFields = (violations: Array<{ field: string; message: string }>) =>
  violations.map(({ field, message }) => (message === `${field} must be a string.` ? field : message));

describe('usageQueryShapeViolations', () => {
  it.each([
    [{ from: '2026-01-01', to: '2026-01-31', groupBy: 'day', clientId: 'acme' }, []],
    [{ clientId: ['x'], groupBy: ['b'], from: ['a'] }, ['from', 'groupBy', 'clientId']],
  ])('%j', (query, fields) => {
    expect(stringFields(usageQueryShapeViolations(query))).toEqual(fields);
  });
});
