import {
  asCurp,
  asRfc,
  asRfcStem,
  birthDateOfPersonRfc,
  compactIdentifier,
  isRedactedRfc,
  mexicanIdentifiers,
  partyKindOfRfc,
} from './identifiers';

describe('compactIdentifier', () => {
  it.each([
    ['AIMO-681106-9F7', 'AIMO6811069F7'],
    ['aimo 681106 9f7', 'AIMO6811069F7'],
    [' AIMO681106HCHRRS01 ', 'AIMO681106HCHRRS01'],
    ['CIV.J650513.LJA', 'CIVJ650513LJA'],
  ])('%p -> %p', (input, expected) => expect(compactIdentifier(input)).toBe(expected));
});

describe('asRfc', () => {
  it.each([
    ['AIMO-681106-9F7', 'AIMO6811069F7'],
    ['SIF150302K8A', 'SIF150302K8A'],
    ['ÑAÑ140114GY4', 'ÑAÑ140114GY4'],
    ['&BC040317UN0', '&BC040317UN0'],
    ['OUSV-640707', null],
    ['IES-870805', null],
    ['XXXXXXXXXXXX', null],
    ['AIMO681106HCHRRS01', null],
    ['', null],
  ])('%p -> %p', (input, expected) => expect(asRfc(input)).toBe(expected));
});

describe('asCurp', () => {
  it.each([
    ['AIMO681106HCHRRS01', 'AIMO681106HCHRRS01'],
    ['aimo-681106-hchrrs01', 'AIMO681106HCHRRS01'],
    ['AIMO6811069F7', null],
    ['AIMO681106ZCHRRS01', null],
  ])('%p -> %p', (input, expected) => expect(asCurp(input)).toBe(expected));
});

describe('isRedactedRfc', () => {
  it.each([
    ['XXXXXXXXXXXX', true],
    ['XXXXXXXXXXXXX', true],
    [' xxxxxxxxxxxx ', true],
    ['XXXX', false],
    ['XAXX010101000', false],
  ])('%p -> %p', (input, expected) => expect(isRedactedRfc(input)).toBe(expected));
});

describe('partyKindOfRfc', () => {
  it.each([
    ['AIMO6811069F7', 'person'],
    ['SIF150302K8A', 'entity'],
    ['ÑAÑ140114GY4', 'entity'],
    ['ABC', 'unknown'],
  ])('%p -> %p', (input, expected) => expect(partyKindOfRfc(input)).toBe(expected));
});

describe('mexicanIdentifiers', () => {
  it('sorts RFCs and CURPs out of free values and leaves the rest', () => {
    expect(
      mexicanIdentifiers(['ZUGA-750314-QK2', 'ZUGA750314MNLXRN07', 'Passport G123', 'ZUGA750314QK2']),
    ).toEqual({ rfcs: ['ZUGA750314QK2'], curps: ['ZUGA750314MNLXRN07'] });
  });
});

describe('asRfcStem', () => {
  it.each([
    ['AUAM-530929', 'AUAM530929'],
    ['OECM 650101', 'OECM650101'],
    ['AIMO-681106-9F7', null],
    ['SIF-150302', null],
    ['AUAM-5309', null],
  ])('%s -> %s', (value, expected) => {
    expect(asRfcStem(value)).toBe(expected);
  });
});

describe('birthDateOfPersonRfc: YYMMDD in the century that makes the person at least 18', () => {
  it.each([
    ['AAAL850312QW1', '2026-05-31', '1985-03-12'],
    ['AUAM530929', '2026-05-31', '1953-09-29'],
    ['GOPJ050101AB2', '2026-05-31', '2005-01-01'],
    // 18 on the very day: still this century
    ['GOPJ080531AB2', '2026-05-31', '2008-05-31'],
    // one day short of 18: the century before
    ['GOPJ080601AB2', '2026-05-31', '1908-06-01'],
    ['GOPJ100101AB2', '2026-05-31', '1910-01-01'],
    ['AIMO6811069F7', '2018-01-01', '1968-11-06'],
    // not a real date, a moral's RFC, not an RFC
    ['GOPJ850231AB2', '2026-05-31', null],
    ['SIF150302K8A', '2026-05-31', null],
    ['X', '2026-05-31', null],
  ])('%s on %s -> %s', (rfc, onDate, expected) => {
    expect(birthDateOfPersonRfc(rfc, onDate)).toBe(expected);
  });
});
