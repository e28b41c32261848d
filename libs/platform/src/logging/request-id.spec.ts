import { requestIdFrom } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdFrom', () => {
  it.each([
    ['a', 'one character'],
    ['x'.repeat(128), '128 characters'],
    ['!~{}[]"\'<>;:/?#@', 'punctuation, the visible ASCII range'],
    ['0f8c2a2e-trace.span/7', 'a trace id'],
  ])('keeps %j (%s)', (header, _why) => {
    expect(requestIdFrom(header)).toBe(header);
  });

  it.each([
    [undefined, 'no header'],
    ['', 'an empty header'],
    ['x'.repeat(129), '129 characters'],
    ['two words', 'a space'],
    ['tab\there', 'a control character'],
    ['caf\u00e9', 'a character beyond ASCII'],
    [['a', 'b'], 'a header given twice'],
  ])('makes a UUID for %j (%s)', (header, _why) => {
    expect(requestIdFrom(header)).toMatch(UUID);
  });

  it('makes a new id each time', () => {
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
});
