import {
  asCurp,
  asRfc,
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
