import { collapseSpaces, distinct, foldLabel, remembered, setOwn } from './text';

describe('foldLabel', () => {
  it.each([
    ['Situación del contribuyente', 'SITUACION DEL CONTRIBUYENTE'],
    ['NOMBRE, DENOMINACIÓN O RAZÓN SOCIAL', 'NOMBRE DENOMINACION O RAZON SOCIAL'],
    ['  razón   social ', 'RAZON SOCIAL'],
    ['No.', 'NO'],
    ['FECHA(S) DE PRIMERA PUBLICACIÓN', 'FECHA S DE PRIMERA PUBLICACION'],
  ])('%p -> %p', (input, expected) => expect(foldLabel(input)).toBe(expected));
});

describe('collapseSpaces', () => {
  it('folds the line breaks of a quoted cell into one space', () => {
    expect(collapseSpaces('CONSTRUCTORA DEL NORTE, \r\nS.A. DE C.V. ')).toBe(
      'CONSTRUCTORA DEL NORTE, S.A. DE C.V.',
    );
  });
});

describe('distinct', () => {
  it('keeps the first order', () => expect(distinct(['b', 'a', 'b'])).toEqual(['b', 'a']));
});

describe('remembered', () => {
  it('reads each value once, null answers included, and stops remembering past its limit', () => {
    const calls: string[] = [];
    const read = remembered((value: string) => {
      calls.push(value);
      return value === 'x' ? null : value.length;
    }, 2);
    expect([read('ab'), read('ab'), read('x'), read('x'), read('abc'), read('abc')]).toEqual([
      2,
      2,
      null,
      null,
      3,
      3,
    ]);
    expect(calls).toEqual(['ab', 'x', 'abc', 'abc']);
  });
});

describe('collapseSpaces keeps a clean cell as it is', () => {
  it.each([
    ['AISPURO MORENO OSCAR', 'AISPURO MORENO OSCAR'],
    [' A', 'A'],
    ['A\tB', 'A B'],
    ['A  B', 'A B'],
    ['', ''],
  ])('%p -> %p', (input, expected) => expect(collapseSpaces(input)).toBe(expected));
});

describe('setOwn', () => {
  it('sets __proto__ as data, not as the prototype', () => {
    const target: Record<string, string> = {};
    setOwn(target, '__proto__', 'x');
    setOwn(target, 'RFC', 'y');
    expect(Object.keys(target)).toEqual(['__proto__', 'RFC']);
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(target))).toEqual({ ['__proto__']: 'x', RFC: 'y' });
  });
});
