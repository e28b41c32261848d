import { isEmailAddress, refreshTokenViolations, signInViolations } from './sign-in';

describe('isEmailAddress', () => {
  const a = (n: number, c = 'a') => c.repeat(n);
  it.each([
    ['demo@acme.test', true],
    ['a@b.co', true],
    ['"a b"@c.de', true],
    ['ñ@acme.test', true],
    ['a@ñandú.mx', true],
    ['a+tag@c.de', true],
    ["o'hara@c.de", true],
    ['a@c.coä', true],
    ['a@xn--c.de', true],
    ['a@c.xn--p1ai', true],
    [`${a(64)}@acme.test`, true],
    [`a@${a(63)}.com`, true],
    [`${a(60)}@${a(63, 'b')}.${a(63, 'c')}.${a(60, 'd')}.com`, true],
    ['x', false],
    ['', false],
    ['a@b', false],
    ['a@b.c', false],
    ['a b@c.de', false],
    ['a@[127.0.0.1]', false],
    ['a@127.0.0.1', false],
    ['a..b@c.de', false],
    ['.a@c.de', false],
    ['a.@c.de', false],
    ['a@-c.de', false],
    ['a@c-.de', false],
    ['a@c.d-e', false],
    ['a@c.123', false],
    ['a@c.x1', false],
    ['Demo <demo@acme.test>', false],
    ['demo@acme.test ', false],
    [' demo@acme.test', false],
    [`${a(65)}@acme.test`, false],
    [`a@${a(64)}.com`, false],
    ['a@b_c.de', false],
    ['a@c.de.', false],
    ['a@c..de', false],
    ['a@@c.de', false],
    ['a@c.de@e.fg', false],
    ['a\u00a0@c.de', false],
    ['a@c.d', false],
    ['a(b)@c.de', false],
    ['a@localhost', false],
    ['a@c.de\n', false],
    ['a@ｃ.de', false],
    [`${a(245)}@c.de`, false],
    [`${a(250)}@c.de`, false],
  ])('%j -> %s', (value, expected) => {
    expect(isEmailAddress(value)).toBe(expected);
  });
});

describe('signInViolations', () => {
  const emailLength = 'email: email must be shorter than or equal to 254 characters.';
  const emailFormat = 'email: email must be an e-mail address.';
  const passwordLength = 'password: password must be shorter than or equal to 256 characters.';
  const passwordEmpty = 'password: password should not be empty.';
  const passwordType = 'password: password must be a string.';
  it.each([
    [{ email: 'demo@acme.test', password: 'Demo-Pass-2026!' }, []],
    [{ email: 'demo@acme.test', password: ' ' }, []],
    [{ email: 'x', password: 'p' }, [emailFormat]],
    [{ email: `${'a'.repeat(250)}@c.de`, password: 'p' }, [emailLength, emailFormat]],
    [{ email: 5, password: 'p' }, [emailLength, emailFormat]],
    [{ email: 'demo@acme.test', password: '' }, [passwordEmpty]],
    [{ email: 'demo@acme.test', password: 'p'.repeat(257) }, [passwordLength]],
    [{ email: 'demo@acme.test', password: '😀'.repeat(256) }, []],
    [{ email: 'x', password: null }, [emailFormat, passwordLength, passwordEmpty, passwordType]],
    [{}, [emailLength, emailFormat, passwordLength, passwordEmpty, passwordType]],
  ])('%j', (input, expected) => {
    expect(signInViolations(input).map(({ field, message }) => `${field}: ${message}`)).toEqual(expected);
  });
});

describe('refreshTokenViolations', () => {
  it.each([
    [{ refreshToken: 't' }, 0],
    [{ refreshToken: 't'.repeat(512) }, 0],
    [{ refreshToken: 't'.repeat(513) }, 1],
    [{ refreshToken: '' }, 1],
    [{ refreshToken: 5 }, 2],
    [{}, 3],
  ])('%j breaks %d rules', (input, count) => {
    expect(refreshTokenViolations(input)).toHaveLength(count);
    expect(refreshTokenViolations(input).every((violation) => violation.field === 'refreshToken')).toBe(true);
  });
});
