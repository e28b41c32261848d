import { jsonDepthExceeds, unsafeTextReason, unsafeTextViolations } from './input-safety';

describe('jsonDepthExceeds', () => {
  it.each([
    ['{}', 1, false],
    ['{"a":[1,{"b":2}]}', 3, false],
    ['{"a":[1,{"b":2}]}', 2, true],
    ['{"a":"[[[[[[["}', 1, false],
    ['{"a":"\\"[[["}', 1, false],
    ['[[]][[]]', 2, false],
  ])('%s within %i levels: exceeded=%s', (text, limit, exceeded) => {
    expect(jsonDepthExceeds(text, limit)).toBe(exceeded);
  });

  it('measures 2,000 levels without recursing', () => {
    expect(jsonDepthExceeds('['.repeat(2000) + ']'.repeat(2000))).toBe(true);
    expect(jsonDepthExceeds('['.repeat(32) + ']'.repeat(32))).toBe(false);
  });
});

describe('unsafeTextReason', () => {
  it.each([
    ['Juan', null],
    ['Hernández 😀', null],
    ['Ju\u0000an', /NUL/],
    ['\ud800', /surrogate/],
    ['a\udc00', /surrogate/],
    ['\ud83d', /surrogate/],
  ])('%j -> %s', (text, reason) => {
    const answer = unsafeTextReason(text);
    if (reason === null) expect(answer).toBeNull();
    else expect(answer).toMatch(reason);
  });
});

describe('unsafeTextViolations', () => {
  it('names every offending string by its JSON path', () => {
    expect(
      unsafeTextViolations({ name: 'ok', items: [{ rfc: 'A\u0000' }, 'x'], deep: { list: ['\ud800'] } }),
    ).toEqual([
      { field: 'items[0].rfc', message: expect.stringMatching(/NUL/) },
      { field: 'deep.list[0]', message: expect.stringMatching(/surrogate/) },
    ]);
  });

  it('reports a bad field name and a bad top-level string', () => {
    expect(unsafeTextViolations({ 'a\u0000': 1 })).toEqual([
      { field: 'body', message: expect.stringMatching(/field name/) },
    ]);
    expect(unsafeTextViolations('\u0000')).toEqual([
      { field: 'body', message: expect.stringMatching(/NUL/) },
    ]);
  });

  it('accepts numbers, booleans and null', () => {
    expect(unsafeTextViolations({ a: 1, b: true, c: null, d: [2.5] })).toEqual([]);
  });
});
