import {
  characterCount,
  fieldPath,
  flagViolations,
  idempotencyKeyViolations,
  objectListViolations,
  oneOfViolations,
  requiredTextViolations,
  stringFieldViolations,
  unknownFieldMessage,
} from './request-shape';

const messages = (violations: Array<{ field: string; message: string }>) =>
  violations.map(({ field, message }) => `${field}: ${message}`);

describe('fieldPath', () => {
  it.each([
    ['', 'a', 'a'],
    ['documents[0]', 'type', 'documents[0].type'],
  ])('%j + %s -> %s', (parent, field, path) => {
    expect(fieldPath(parent, field)).toBe(path);
  });
});

describe('unknownFieldMessage', () => {
  it('quotes the field', () => {
    expect(unknownFieldMessage('foo')).toBe('"foo" is not a known field.');
  });
});

describe('stringFieldViolations', () => {
  it.each([
    [{}, {}, []],
    [{ a: null }, {}, []],
    [{ a: 'x', b: '' }, {}, []],
    [{ a: ['x'], b: 5 }, {}, ['a: a must be a string.', 'b: b must be a string.']],
    [{ b: true, a: {} }, {}, ['a: a must be a string.', 'b: b must be a string.']],
    [{}, { required: true }, ['a: a must be a string.', 'b: b must be a string.']],
    [{ a: null, b: 'x' }, { required: true }, ['a: a must be a string.']],
    [{ a: 1 }, { path: 'refs[2]' }, ['refs[2].a: a must be a string.']],
  ])('%j %j', (input, options, expected) => {
    expect(messages(stringFieldViolations(input, ['a', 'b'], options))).toEqual(expected);
  });
});

describe('flagViolations', () => {
  it.each([
    [{}, []],
    [{ atomic: null }, []],
    [{ atomic: 'true' }, []],
    [{ atomic: 'false' }, []],
    [{ atomic: 'TRUE' }, ['atomic: atomic must be true or false.']],
    [{ atomic: '' }, ['atomic: atomic must be true or false.']],
    [{ atomic: '1' }, ['atomic: atomic must be true or false.']],
    [{ atomic: true }, ['atomic: atomic must be true or false.']],
    [{ atomic: ['true', 'false'] }, ['atomic: atomic must be true or false.']],
  ])('%j', (input, expected) => {
    expect(messages(flagViolations(input, 'atomic'))).toEqual(expected);
  });
});

describe('oneOfViolations', () => {
  it.each([
    [{}, []],
    [{ status: null }, []],
    [{ status: 'b' }, []],
    [{ status: 'B' }, ['status: status must be one of a, b.']],
    [{ status: '' }, ['status: status must be one of a, b.']],
    [{ status: ['a'] }, ['status: status must be one of a, b.']],
  ])('%j', (input, expected) => {
    expect(messages(oneOfViolations(input, 'status', ['a', 'b']))).toEqual(expected);
  });
});

describe('characterCount', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['ñandú', 5],
    ['😀😀', 2],
    ['❤️', 1],
    ['a\uD800', 2],
  ])('%j has %d characters', (value, count) => {
    expect(characterCount(value)).toBe(count);
  });
});

describe('requiredTextViolations', () => {
  const tooLong = 'token: token must be shorter than or equal to 3 characters.';
  const empty = 'token: token should not be empty.';
  const notString = 'token: token must be a string.';
  it.each([
    [{ token: 'abc' }, []],
    [{ token: ' ' }, []],
    [{ token: '😀😀😀' }, []],
    [{ token: 'abcd' }, [tooLong]],
    [{ token: '' }, [empty]],
    [{}, [tooLong, empty, notString]],
    [{ token: null }, [tooLong, empty, notString]],
    [{ token: 5 }, [tooLong, notString]],
    [{ token: ['x'] }, [tooLong, notString]],
  ])('%j', (input, expected) => {
    expect(messages(requiredTextViolations(input, 'token', 3))).toEqual(expected);
  });
});

describe('objectListViolations', () => {
  const shape = { fields: ['a', 'b'], required: true };
  const notObject = (path: string) =>
    `${path}: each value in nested property items must be either object or array.`;
  it.each([
    [{}, []],
    [{ items: null }, []],
    [{ items: [] }, []],
    [{ items: [{ a: 'x', b: 'y' }] }, []],
    [{ items: [[{ a: 'x', b: 'y' }], []] }, []],
    [{ items: 'x' }, ['items: items must be an array.', notObject('items')]],
    [{ items: 5 }, ['items: items must be an array.', notObject('items')]],
    [{ items: { a: 'x', b: 'y' } }, ['items: items must be an array.']],
    [
      { items: { c: 1, a: 2 } },
      [
        'items: items must be an array.',
        'items.c: "c" is not a known field.',
        'items.a: a must be a string.',
        'items.b: b must be a string.',
      ],
    ],
    [{ items: [{ a: 'x', b: 'y' }, 1, null] }, [notObject('items[1]'), notObject('items[2]')]],
    [{ items: [[1]] }, [notObject('items[0][0]')]],
    [
      { items: [{ z: 1, a: 'x' }, [{ a: 'x', b: 2 }]] },
      [
        'items[0].z: "z" is not a known field.',
        'items[0].b: b must be a string.',
        'items[1][0].b: b must be a string.',
      ],
    ],
  ])('%j', (input, expected) => {
    expect(messages(objectListViolations(input, 'items', shape))).toEqual(expected);
  });

  it('lets optional fields be absent or null', () => {
    expect(
      objectListViolations({ items: [{ a: null }, {}] }, 'items', { ...shape, required: false }),
    ).toEqual([]);
  });
});

describe('idempotencyKeyViolations', () => {
  const violation = [
    { field: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 255 characters long.' },
  ];
  it.each([
    [undefined, []],
    ['k', []],
    ['k'.repeat(255), []],
    ['', violation],
    ['k'.repeat(256), violation],
  ])('%j', (key, expected) => {
    expect(idempotencyKeyViolations(key)).toEqual(expected);
  });
});
