import { corsOriginMatcher, DEVELOPMENT_CORS_ORIGINS, parseCorsOrigins } from './cors-origins';

describe('parseCorsOrigins', () => {
  it.each([
    ['https://app.example.com', ['https://app.example.com']],
    [' https://App.Example.com , http://localhost:* ', ['https://app.example.com', 'http://localhost:*']],
    ['http://localhost:80,https://x.test:443', ['http://localhost', 'https://x.test']],
    ['http://127.0.0.1:4700', ['http://127.0.0.1:4700']],
    ['http://[::1]:*', ['http://[::1]:*']],
    ['*', ['*']],
    ['', []],
  ])('reads %j', (list, expected) => {
    expect(parseCorsOrigins(list)).toEqual(expected);
  });

  it.each([
    'app.example.com',
    'https://app.example.com/',
    'https://app.example.com/path',
    'ftp://files.example.com',
    'https://*.example.com',
    'http://localhost:99999',
    'http://localhost:',
  ])('refuses %j', (list) => {
    expect(() => parseCorsOrigins(list)).toThrow(/origin|port/);
  });
});

describe('corsOriginMatcher', () => {
  const matchers = {
    development: corsOriginMatcher(DEVELOPMENT_CORS_ORIGINS),
    listed: corsOriginMatcher(parseCorsOrigins('https://app.example.com,http://localhost:4700')),
    any: corsOriginMatcher(['*']),
    none: corsOriginMatcher([]),
  };

  it.each<[keyof typeof matchers, string | undefined, boolean]>([
    ['development', 'http://localhost:4700', true],
    ['development', 'http://localhost', true],
    ['development', 'http://127.0.0.1:5173', true],
    ['development', 'https://localhost:4700', false],
    ['development', 'http://localhost.evil.test', false],
    ['development', 'http://localhost:4700.evil.test', false],
    ['development', 'http://localhost:', false],
    ['development', 'null', false],
    ['development', undefined, false],
    ['listed', 'https://app.example.com', true],
    ['listed', 'http://localhost:4700', true],
    ['listed', 'http://localhost:4701', false],
    ['listed', 'https://app.example.com.evil.test', false],
    ['any', 'https://anything.test', true],
    ['any', undefined, false],
    ['none', 'http://localhost:4700', false],
  ])('%s origins, %s: %s', (matcher, origin, allowed) => {
    expect(matchers[matcher](origin)).toBe(allowed);
  });
});
