import { MAX_PAGE, offsetOf, pageQueryViolations, pagination } from './paging';

describe('offsetOf', () => {
  it.each([
    [1, 100, 0],
    [3, 20, 40],
    [9007199254740991, 300, 2147483647],
  ])('page %d of %d skips %d rows', (page, limit, offset) => {
    expect(offsetOf(page, limit)).toBe(offset);
  });
});

describe('pagination', () => {
  it.each([
    [300, 1, 100, { total_pages: 3, has_next: true, has_previous: false }],
    [300, 3, 100, { total_pages: 3, has_next: false, has_previous: true }],
    [300, 4, 100, { total_pages: 3, has_next: false, has_previous: true }],
    [0, 1, 100, { total_pages: 0, has_next: false, has_previous: false }],
    [101, 1, 100, { total_pages: 2, has_next: true, has_previous: false }],
  ])('%i reachable, page %i of %i', (total, page, limit, expected) => {
    expect(pagination(total, page, limit)).toEqual({
      total_records_found: total,
      current_page: page,
      limit,
      ...expected,
    });
  });
});

describe('pageQueryViolations', () => {
  const page = `page: page must be a whole number from 1 to ${MAX_PAGE}.`;
  const pageWhole = 'page: page must be a whole number.';
  const limit = 'limit: limit must be between 1 and 100.';
  const limitWhole = 'limit: limit must be a whole number.';
  it.each([
    [{}, []],
    [{ page: 1, limit: 20 }, []],
    [{ page: MAX_PAGE, limit: 100 }, []],
    [{ page: null, limit: undefined }, []],
    [{ page: 0 }, [page]],
    [{ page: -1 }, [page]],
    [{ page: MAX_PAGE + 1 }, [page]],
    [{ page: 1.5 }, [pageWhole]],
    [{ page: Number.NaN }, [page, page, pageWhole]],
    [{ page: Infinity }, [page, pageWhole]],
    [{ page: '2' }, [page, page, pageWhole]],
    [{ limit: 0 }, [limit]],
    [{ limit: 101 }, [limit]],
    [{ limit: 2.5 }, [limitWhole]],
    [{ limit: Number.NaN }, [limit, limit, limitWhole]],
    [{ page: 0, limit: 0 }, [page, limit]],
  ])('%j', (query, expected) => {
    expect(pageQueryViolations(query).map(({ field, message }) => `${field}: ${message}`)).toEqual(expected);
  });
});
