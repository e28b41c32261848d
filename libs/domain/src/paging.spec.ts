import { offsetOf, pagination } from './paging';

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
