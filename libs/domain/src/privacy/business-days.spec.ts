import {
  addBusinessDays,
  ARCO_DUE_BUSINESS_DAYS,
  arcoDueDate,
  arcoDueSoonDate,
  arcoDueState,
  DUE_SOON_BUSINESS_DAYS,
  isBusinessDay,
  isCalendarDate,
  isFederalTransferYear,
  mandatoryRestDays,
  subtractBusinessDays,
} from './business-days';

/** The weekday a date falls on, read by the platform's own calendar (0 Sunday ... 6 Saturday). */
const weekdayOf = (date: string): number => new Date(`${date}T12:00:00Z`).getUTCDay();
const MONDAY = 1;

describe('mandatoryRestDays (LFT art. 74)', () => {
  // Worked out by hand from a printed calendar, weekday by weekday.
  it.each([
    [
      2024,
      [
        '2024-01-01',
        '2024-02-05',
        '2024-03-18',
        '2024-05-01',
        '2024-09-16',
        '2024-10-01',
        '2024-11-18',
        '2024-12-25',
      ],
    ],
    [
      2025,
      ['2025-01-01', '2025-02-03', '2025-03-17', '2025-05-01', '2025-09-16', '2025-11-17', '2025-12-25'],
    ],
    [
      2026,
      ['2026-01-01', '2026-02-02', '2026-03-16', '2026-05-01', '2026-09-16', '2026-11-16', '2026-12-25'],
    ],
    [
      2027,
      ['2027-01-01', '2027-02-01', '2027-03-15', '2027-05-01', '2027-09-16', '2027-11-15', '2027-12-25'],
    ],
    [
      2028,
      ['2028-01-01', '2028-02-07', '2028-03-20', '2028-05-01', '2028-09-16', '2028-11-20', '2028-12-25'],
    ],
    [
      2029,
      ['2029-01-01', '2029-02-05', '2029-03-19', '2029-05-01', '2029-09-16', '2029-11-19', '2029-12-25'],
    ],
    [
      2030,
      [
        '2030-01-01',
        '2030-02-04',
        '2030-03-18',
        '2030-05-01',
        '2030-09-16',
        '2030-10-01',
        '2030-11-18',
        '2030-12-25',
      ],
    ],
    [
      2031,
      ['2031-01-01', '2031-02-03', '2031-03-17', '2031-05-01', '2031-09-16', '2031-11-17', '2031-12-25'],
    ],
  ])('%i', (year, expected) => {
    expect(mandatoryRestDays(year)).toEqual(expected);
  });

  it('puts the Mondays on Mondays: first of February, third of March and of November', () => {
    for (let year = 2024; year <= 2060; year++) {
      const days = mandatoryRestDays(year);
      const mondays = days.filter((day) => /-(02|03|11)-/.test(day));
      expect(mondays).toHaveLength(3);
      for (const day of mondays) expect(weekdayOf(day)).toBe(MONDAY);
      const [february, march, november] = mondays.map((day) => Number(day.slice(8)));
      expect(february).toBeGreaterThanOrEqual(1);
      expect(february).toBeLessThanOrEqual(7);
      expect(march).toBeGreaterThanOrEqual(15);
      expect(march).toBeLessThanOrEqual(21);
      expect(november).toBeGreaterThanOrEqual(15);
      expect(november).toBeLessThanOrEqual(21);
    }
  });

  it.each([
    [2018, false],
    [2023, false],
    [2024, true],
    [2025, false],
    [2026, false],
    [2029, false],
    [2030, true],
    [2031, false],
    [2036, true],
    [2042, true],
    [2045, false],
  ])('rests on 1 October of %i: %p (a change of federal government)', (year, rests) => {
    expect(isFederalTransferYear(year)).toBe(rests);
    expect(mandatoryRestDays(year).includes(`${year}-10-01`)).toBe(rests);
    expect(mandatoryRestDays(year)).toHaveLength(rests ? 8 : 7);
  });

  it('gives a new list each time (a caller sorting or pushing changes no later answer)', () => {
    const first = mandatoryRestDays(2026);
    first.push('2026-04-03');
    expect(mandatoryRestDays(2026)).toHaveLength(7);
  });

  it.each([[0], [10000], [2026.5], [NaN], [-1]])('refuses the year %p', (year) => {
    expect(() => mandatoryRestDays(year)).toThrow(RangeError);
  });
});

describe('isBusinessDay', () => {
  it.each([
    ['2026-03-16', false, 'the third Monday of March'],
    ['2026-03-17', true, 'a Tuesday'],
    ['2026-03-13', true, 'a Friday'],
    ['2026-03-14', false, 'a Saturday'],
    ['2026-03-15', false, 'a Sunday'],
    ['2026-04-02', true, 'Holy Thursday (no rest day under the LFT)'],
    ['2026-04-03', true, 'Good Friday (no rest day under the LFT)'],
    ['2026-10-01', true, '1 October of a year without change of government'],
    ['2030-10-01', false, '1 October 2030, a change of government'],
    ['2024-10-01', false, '1 October 2024, a change of government'],
    ['2026-11-02', true, 'the Day of the Dead (no rest day under the LFT)'],
    ['2026-12-24', true, 'Christmas Eve'],
    ['2026-12-25', false, 'Christmas'],
    ['2027-01-01', false, 'New Year, a Friday'],
    ['2027-12-25', false, 'Christmas on a Saturday'],
    ['2027-12-24', true, 'the Friday before (rest days do not move to a weekday)'],
  ])('%s is %p: %s', (date, expected) => {
    expect(isBusinessDay(date)).toBe(expected);
  });

  it.each([['2026-02-30'], ['2026-2-3'], ['03/02/2026'], ['']])('refuses %p, which is no date', (date) => {
    expect(() => isBusinessDay(date)).toThrow(RangeError);
  });
});

describe('addBusinessDays and subtractBusinessDays', () => {
  it.each([
    ['2026-03-13', 1, '2026-03-17', 'a Friday before a holiday Monday'],
    ['2026-03-16', 1, '2026-03-17', 'the holiday itself never counts'],
    ['2026-03-14', 1, '2026-03-17', 'nor the Saturday'],
    ['2026-03-17', 1, '2026-03-18', 'a Tuesday'],
    ['2026-03-20', 5, '2026-03-27', 'a week'],
    ['2026-12-31', 1, '2027-01-04', 'New Year on a Friday, then the weekend'],
    ['2026-03-18', 0, '2026-03-18', 'no day at all'],
    ['2026-03-15', 0, '2026-03-15', 'no day at all, even on a Sunday'],
  ])('%s + %i business days = %s (%s)', (date, days, expected) => {
    expect(addBusinessDays(date, days)).toBe(expected);
  });

  it.each([
    ['2026-03-17', 1, '2026-03-13', 'over a holiday Monday and the weekend'],
    ['2026-03-16', 1, '2026-03-13', 'from the holiday itself'],
    ['2027-01-04', 1, '2026-12-31', 'over New Year and the weekend'],
    ['2030-10-02', 1, '2030-09-30', 'over 1 October 2030'],
    ['2026-03-18', 0, '2026-03-18', 'no day at all'],
  ])('%s - %i business days = %s (%s)', (date, days, expected) => {
    expect(subtractBusinessDays(date, days)).toBe(expected);
  });

  it('walks back to the day it came from when that day was a business day', () => {
    for (let day = 1; day <= 31; day++) {
      const date = `2030-10-${String(day).padStart(2, '0')}`;
      const there = addBusinessDays(date, 7);
      expect(isBusinessDay(there)).toBe(true);
      if (isBusinessDay(date)) expect(subtractBusinessDays(there, 7)).toBe(date);
    }
  });

  it.each([
    ['2026-02-30', 1],
    ['2026-03-16', -1],
    ['2026-03-16', 1.5],
    ['2026-03-16', NaN],
    ['2026-03-16', Infinity],
  ])('refuses %p and %p days', (date, days) => {
    expect(() => addBusinessDays(date, days)).toThrow(RangeError);
    expect(() => subtractBusinessDays(date, days)).toThrow(RangeError);
  });

  it('refuses to count past 9999-12-31', () => {
    expect(() => addBusinessDays('9999-12-30', 2)).toThrow(RangeError);
  });
});

describe('arcoDueDate: 20 business days after the day received', () => {
  it('counts 20 business days, and warns 5 before', () => {
    expect(ARCO_DUE_BUSINESS_DAYS).toBe(20);
    expect(DUE_SOON_BUSINESS_DAYS).toBe(5);
  });

  it.each([
    ['2026-03-13', '2026-04-13', 'a Friday before the holiday Monday of March; Holy Week counts'],
    ['2026-09-16', '2026-10-14', 'received on a holiday (16 September, a Wednesday)'],
    ['2026-05-02', '2026-05-29', 'received on a Saturday'],
    ['2026-04-30', '2026-05-29', 'a Thursday before 1 May, a Friday'],
    ['2030-09-20', '2030-10-21', 'a Friday, crossing 1 October 2030'],
    ['2030-09-15', '2030-10-15', 'a Sunday before 16 September, crossing 1 October 2030'],
    ['2026-09-18', '2026-10-16', 'crossing 1 October 2026, a business day'],
    ['2026-10-30', '2026-11-30', 'crossing the third Monday of November'],
    ['2026-12-18', '2027-01-19', 'crossing 25 December and 1 January, both Fridays'],
    ['2027-12-24', '2028-01-21', 'crossing 25 December and 1 January, both Saturdays'],
    ['2028-01-28', '2028-02-28', 'crossing the first Monday of February of a leap year'],
  ])('received %s, due %s (%s)', (receivedAt, due) => {
    expect(arcoDueDate(receivedAt)).toBe(due);
  });

  it.each([
    ['2026-04-13', '2026-04-06', 'a plain week'],
    ['2030-10-21', '2030-10-14', 'a plain week after 1 October'],
    ['2030-10-04', '2030-09-26', 'back over 1 October 2030 and a weekend'],
    ['2027-01-05', '2026-12-28', 'back over 1 January and a weekend'],
  ])('due %s, due soon from %s (%s)', (due, soon) => {
    expect(arcoDueSoonDate(due)).toBe(soon);
  });

  it('is always a business day, the received day never counted', () => {
    for (let day = 1; day <= 31; day++) {
      const receivedAt = `2026-12-${String(day).padStart(2, '0')}`;
      const due = arcoDueDate(receivedAt);
      expect(isBusinessDay(due)).toBe(true);
      const back = subtractBusinessDays(due, ARCO_DUE_BUSINESS_DAYS);
      if (isBusinessDay(receivedAt)) expect(back).toBe(receivedAt);
      else expect(back < receivedAt).toBe(true);
    }
  });
});

describe('isCalendarDate', () => {
  it.each([
    ['2026-03-16', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-3-16', false],
    ['2026-03-16T00:00:00Z', false],
    [' 2026-03-16', false],
    [20260316, false],
    [null, false],
    [undefined, false],
  ])('%p -> %p', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });
});

describe('arcoDueState', () => {
  const request = { dueDate: '2026-10-08', dueSoonDate: '2026-10-01' };
  it.each([
    ['2026-09-30', 'later'],
    ['2026-10-01', 'due_soon'],
    ['2026-10-08', 'due_soon'],
    ['2026-10-09', 'overdue'],
  ])('on %s: %s', (today, state) => {
    expect(arcoDueState(request, today)).toBe(state);
  });
});
