import { randomUUID } from 'node:crypto';
import { isRfc9562Uuid } from './rfc-uuid';

describe('isRfc9562Uuid', () => {
  it.each([
    ['a random v4', randomUUID(), true],
    ['a v8 (custom) uuid, variant 10xx', '0d3f5a7e-91c2-8b4d-a1e6-5f0c9d2b7e31', true],
    ['a v1 uuid in capitals', 'C232AB00-9414-11EC-B3C8-9F6BDECED846', true],
    ['a v5 uuid', '2ed6657d-e927-568b-95e1-2665a8aea6a2', true],
    ['an md5 digest cast to uuid (version 0)', '9e107d9d-372b-0b68-bf9c-8c34d6e1c1a4', false],
    ['version 9', '0d3f5a7e-91c2-9b4d-a1e6-5f0c9d2b7e31', false],
    ['variant 0xxx (NCS)', '0d3f5a7e-91c2-8b4d-71e6-5f0c9d2b7e31', false],
    ['variant 110x (Microsoft)', '0d3f5a7e-91c2-8b4d-c1e6-5f0c9d2b7e31', false],
    ['the nil uuid', '00000000-0000-0000-0000-000000000000', false],
    ['no hyphens', '0d3f5a7e91c28b4da1e65f0c9d2b7e31', false],
    ['braces', '{0d3f5a7e-91c2-8b4d-a1e6-5f0c9d2b7e31}', false],
    ['a trailing character', '0d3f5a7e-91c2-8b4d-a1e6-5f0c9d2b7e31x', false],
    ['not hexadecimal', '0d3f5a7e-91c2-8b4d-a1e6-5f0c9d2b7g31', false],
  ])('%s -> %p', (_label, value, expected) => {
    expect(isRfc9562Uuid(value)).toBe(expected);
  });
});
