/**
 * Issue 23, the probe's denial of service: `GET /usage?from=9999-12-31&to=9999-12-31` looped
 * forever (the day after 9999-12-31 is written `+010000-01-01`, which sorts before it) and took the
 * api from every tenant. Date ranges are now counted as numbers and bounded: a span per grouping,
 * and a calendar from 2000-01-01 to 9999-12-31.
 */
import { api, signedIn } from './support/helpers';

const acme = signedIn('demo@acme.test');

describe('GET /usage at the edges of the calendar', () => {
  it.each(['day', 'month'])(
    'answers the last day YYYY can write, grouped by %s, and keeps serving',
    async (groupBy) => {
      const statement = await api()
        .get(`/usage?from=9999-12-31&to=9999-12-31&groupBy=${groupBy}`)
        .set(acme.auth)
        .expect(200);
      expect(statement.body.rows).toEqual([
        {
          period: groupBy === 'day' ? '9999-12-31' : '9999-12',
          searches: 0,
          recordUnlocks: 0,
          watchListScreenings: 0,
          monitorMonths: 0,
        },
      ]);
      // Still answering: a loop would have taken the api's only thread.
      await api().get('/health/live').expect(200);
    },
  );

  it('refuses dates before 2000 with a message naming the calendar', async () => {
    const refused = await api().get('/usage?from=1970-01-01&to=2000-01-01').set(acme.auth).expect(400);
    expect(refused.body).toEqual({
      code: 400,
      message: expect.any(String),
      errors: [
        { field: 'from', message: 'from must be a date from 2000-01-01 to 9999-12-31, got 1970-01-01.' },
      ],
    });
  });

  it.each([
    ['day', '2000-01-01', '9999-12-31', /at most 366 days/],
    ['month', '2000-01-01', '9999-12-31', /at most 120 months/],
  ])('refuses a %s statement from %s to %s', async (groupBy, from, to, message) => {
    const refused = await api()
      .get(`/usage?from=${from}&to=${to}&groupBy=${groupBy}`)
      .set(acme.auth)
      .expect(400);
    expect(refused.body.errors).toEqual([{ field: 'to', message: expect.stringMatching(message) }]);
  });
});

describe('GET /risks/legal-records/searches date filters', () => {
  it('answers the last day YYYY can write', async () => {
    const list = await api()
      .get('/risks/legal-records/searches?from=9999-12-31&to=9999-12-31')
      .set(acme.auth)
      .expect(200);
    expect(list.body.data).toEqual([]);
  });

  it('refuses a date before 2000', async () => {
    const refused = await api().get('/risks/legal-records/searches?to=1999-12-31').set(acme.auth).expect(400);
    expect(refused.body.errors).toEqual([
      { field: 'to', message: 'to must be a date from 2000-01-01 to 9999-12-31, got 1999-12-31.' },
    ]);
  });

  it('answers an empty page for the largest page number', async () => {
    const list = await api()
      .get(`/risks/legal-records/searches?page=${Number.MAX_SAFE_INTEGER}&limit=100`)
      .set(acme.auth)
      .expect(200);
    expect(list.body.data).toEqual([]);
  });
});
