import {
  birthDateOfCurp,
  birthDateOfRfc,
  genderOfCurp,
  isCurp,
  normalizeIdentifier,
  rfcKind,
} from './identifiers';

describe('normalizeIdentifier (hyphens, spaces and dots are not significant)', () => {
  it.each([
    ['AIMO-681106-9F7', 'AIMO6811069F7'],
    ['aimo 681106 9f7', 'AIMO6811069F7'],
    [' AIMO.681106.9F7 ', 'AIMO6811069F7'],
    ['AIMO681106HCHRRS01', 'AIMO681106HCHRRS01'],
    ['MUÑO800101AB1', 'MUÑO800101AB1'],
    ['', ''],
    [null, ''],
  ])('%p -> %p', (raw, normalized) => {
    expect(normalizeIdentifier(raw)).toBe(normalized);
  });
});

describe('rfcKind (13 characters física, 12 moral)', () => {
  it.each([
    ['AIMO6811069F7', 'person'],
    ['GAL&800101AB1', 'person'],
    ['ABC010203XY9', 'entity'],
    ['XXXXXXXXXXXX', null],
    ['AIMO681106', null],
    ['AIMO681106HCHRRS01', null],
  ])('%p -> %p', (rfc, kind) => {
    expect(rfcKind(rfc)).toBe(kind);
  });
});

describe('what identifiers carry', () => {
  it('reads the birth date of a persona física RFC, without its century', () => {
    expect(birthDateOfRfc('AIMO6811069F7')).toEqual({ year: null, yearOfCentury: 68, month: 11, day: 6 });
    expect(birthDateOfRfc('ABC010203XY9')).toBeNull();
    expect(birthDateOfRfc('AIMO6813069F7')).toBeNull();
  });

  it.each([
    ['AIMO681106HCHRRS01', { year: 1968, yearOfCentury: 68, month: 11, day: 6 }, 'H'],
    ['GOLM050415MDFRPRA3', { year: 2005, yearOfCentury: 5, month: 4, day: 15 }, 'M'],
  ])('reads the birth date (century from the 17th character) and sex of CURP %p', (curp, date, sex) => {
    expect(isCurp(curp)).toBe(true);
    expect(birthDateOfCurp(curp)).toEqual(date);
    expect(genderOfCurp(curp)).toBe(sex);
  });

  it('reads nothing from what is not a CURP, and no sex from an X', () => {
    expect(isCurp('AIMO6811069F7')).toBe(false);
    expect(birthDateOfCurp('AIMO6811069F7')).toBeNull();
    expect(genderOfCurp('AIMO681106XCHRRS01')).toBeNull();
  });
});
