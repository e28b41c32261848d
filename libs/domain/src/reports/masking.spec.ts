import { maskIdentifier } from './masking';
import { agree, countOf, groupThousands, joinList, pesos } from './spanish';

describe('maskIdentifier', () => {
  it.each([
    ['HELJ900517AB1', 'HELJ*********'],
    ['HELJ900517HDFRPN09', 'HELJ**************'],
    ['ABC850101XY1', 'ABC8********'],
    ['ÑAÑO900517AB1', 'ÑAÑO*********'],
    ['ABCDE', 'ABCD*'],
    ['ABCD', '****'],
    ['AB', '**'],
  ])('%s -> %s', (value, masked) => {
    expect(maskIdentifier(value)).toBe(masked);
  });

  it.each([null, undefined, ''])('%p stays absent', (value) => {
    expect(maskIdentifier(value)).toBeNull();
  });

  it('never returns the identifier itself', () => {
    for (const value of ['HELJ900517AB1', 'HELJ900517HDFRPN09', 'ABCD', 'A'])
      expect(maskIdentifier(value)).not.toBe(value);
  });
});

describe('Spanish helpers', () => {
  it.each([
    [0, '0 juicios'],
    [1, '1 juicio'],
    [2, '2 juicios'],
  ])('countOf(%p) -> %s', (n, text) => {
    expect(countOf(n, 'juicio', 'juicios')).toBe(text);
  });

  it.each([
    [0, '0'],
    [999, '999'],
    [85000, '85,000'],
    [1234567, '1,234,567'],
    [-4000, '-4,000'],
    [1500.5, '1,500.5'],
  ])('groupThousands(%p) -> %s', (n, text) => {
    expect(groupThousands(n)).toBe(text);
  });

  it.each([
    [1, 'encontró'],
    [0, 'encontraron'],
    [2, 'encontraron'],
  ])('agree(%p) -> %s', (n, verb) => {
    expect(agree(n, 'encontró', 'encontraron')).toBe(verb);
  });

  it('writes pesos', () => {
    expect(pesos(85000)).toBe('$85,000 MXN');
  });

  it.each([
    [[], ''],
    [['Civil'], 'Civil'],
    [['Civil', 'Penal'], 'Civil y Penal'],
    [['Civil', 'Penal', 'Laboral'], 'Civil, Penal y Laboral'],
    [['OFAC SDN', 'Interpol'], 'OFAC SDN e Interpol'],
    [['agua', 'hielo'], 'agua y hielo'],
    [['Civil', 'Hipotecario'], 'Civil e Hipotecario'],
    [['A', 'Ídolo'], 'A e Ídolo'],
  ])('joinList(%p) -> %s', (items, text) => {
    expect(joinList(items)).toBe(text);
  });
});
