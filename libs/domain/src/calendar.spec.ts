import {
  addDays,
  calendarDateIn,
  dateRangeViolations,
  daysInclusive,
  formatLocalDateTime,
  isCalendarDate,
} from './calendar';

describe('formatLocalDateTime', () => {
  it.each([
    ['America/Mexico_City', '2026-05-17T20:03:09Z', false, '17/05/2026 14:03'],
    ['America/Mexico_City', '2026-05-17T20:03:09Z', true, '17/05/2026 14:03:09'],
    // Past midnight in UTC, still the day before in Mexico City.
    ['America/Mexico_City', '2026-01-01T05:59:00Z', false, '31/12/2025 23:59'],
    ['America/Mexico_City', '2026-01-01T06:00:00Z', false, '01/01/2026 00:00'],
    ['UTC', '2026-01-01T00:00:00Z', true, '01/01/2026 00:00:00'],
    ['America/Tijuana', '2026-07-01T12:00:00Z', false, '01/07/2026 05:00'],
  ])('%s %s (seconds: %p) -> %s', (zone, instant, seconds, expected) => {
    expect(formatLocalDateTime(zone, Date.parse(instant), seconds)).toBe(expected);
    expect(formatLocalDateTime(zone, new Date(instant), seconds)).toBe(expected);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-08', 0, '2026-03-08'],
  ])('%s + %p -> %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });
});

describe('daysInclusive', () => {
  it.each([
    ['2026-01-01', '2026-01-01', 1],
    ['2026-01-01', '2026-01-31', 31],
    ['2024-01-01', '2024-12-31', 366],
    ['2025-01-01', '2026-01-01', 366],
    ['2025-01-01', '2026-01-02', 367],
  ])('%s..%s -> %p', (from, to, days) => {
    expect(daysInclusive(from, to)).toBe(days);
  });
});

describe('dateRangeViolations', () => {
  it.each([
    [{}, []],
    [{ from: '2026-01-01' }, []],
    [{ from: '2026-01-01', to: '2026-01-01' }, []],
    [{ from: '2026-02-30' }, ['from']],
    [{ to: '01-02-2026' }, ['to']],
    [{ from: 'yesterday', to: '2026-13-01' }, ['from', 'to']],
    [{ from: '2026-02-02', to: '2026-02-01' }, ['from']],
    [{ from: '2000-01-01', to: '9999-12-31' }, []],
    [{ from: '1999-12-31' }, ['from']],
    [{ to: '0999-01-01' }, ['to']],
  ])('%p -> %p', (range, fields) => {
    expect(dateRangeViolations(range).map((v) => v.field)).toEqual(fields);
  });

  it('names the calendar range a date must fall in', () => {
    expect(dateRangeViolations({ from: '1970-01-01' })[0].message).toBe(
      'from must be a date from 2000-01-01 to 9999-12-31, got 1970-01-01.',
    );
  });

  it('says which dates are out of order', () => {
    expect(dateRangeViolations({ from: '2026-02-02', to: '2026-02-01' })[0].message).toBe(
      'from (2026-02-02) must not be after to (2026-02-01).',
    );
  });
});

describe('calendarDateIn', () => {
  it.each([
    ['2026-01-01T03:00:00Z', 'America/Mexico_City', '2025-12-31'],
    ['2026-01-01T06:00:00Z', 'America/Mexico_City', '2026-01-01'],
    ['2026-01-01T03:00:00Z', 'UTC', '2026-01-01'],
  ])('%s in %s is %s', (instant, zone, date) => {
    expect(calendarDateIn(zone, new Date(instant))).toBe(date);
  });
});

describe('isCalendarDate', () => {
  it.each([
    ['2000-02-29', true],
    ['2001-02-29', false],
    ['2001-02-30', false],
    ['2001-13-01', false],
    ['17/05/1990', false],
    ['1990-5-17', false],
  ])('%s -> %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });

  it.each([[undefined], [null], [20260101], [new Date('2026-01-01')], [['2026-01-01']]])(
    'is false for %p, which is not a string',
    (value) => {
      expect(isCalendarDate(value)).toBe(false);
    },
  );
});
