/**
 * Request examples of `POST /watch-lists/screenings` that answer as their summaries say against the
 * demo lists `npm start` imports (data/watch-lists/demo).
 */
export const WATCH_LIST_EXAMPLES = {
  person: {
    summary: 'A person with both surnames and birth date',
    value: {
      name: 'Juan',
      lastName: 'García',
      secondLastName: 'López',
      birthDate: '1990-05-17',
      nationality: 'MX',
    },
  },
  company: {
    summary: 'A company by its business name',
    value: { businessName: 'Comercializadora Azteca SA de CV' },
  },
  rfc: { summary: 'An RFC alone', value: { rfc: 'CAZ0101011A1' } },
};
