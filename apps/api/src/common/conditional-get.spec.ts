import { etagOf, matchesIfNoneMatch } from './conditional-get';

describe('conditional GETs', () => {
  const body = JSON.stringify({ isSuccess: true, statusCode: 200, data: { status: 'Completed' } });
  const etag = etagOf(body);

  it('tags the same body alike and another body otherwise', () => {
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(etagOf(Buffer.from(body))).toBe(etag);
    expect(etagOf(body.replace('Completed', 'Processing'))).not.toBe(etag);
  });

  it('matches If-None-Match as RFC 9110 compares it: weakly, in a list, or *', () => {
    expect(matchesIfNoneMatch(etag, etag)).toBe(true);
    expect(matchesIfNoneMatch(etag.replace('W/', ''), etag)).toBe(true);
    expect(matchesIfNoneMatch(`W/"other", ${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
    expect(matchesIfNoneMatch('W/"other"', etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
    expect(matchesIfNoneMatch('', etag)).toBe(false);
  });
});
