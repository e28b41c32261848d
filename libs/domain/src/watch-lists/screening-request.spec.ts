import {
  birthDateViolations,
  screeningSources,
  subjectOfScreening,
  validateListScreening,
} from './screening-request';

const TODAY = '2026-11-25';
const fields = (body: object) => validateListScreening(body).map((v) => v.field);

describe('validateListScreening', () => {
  it.each([
    ['a person by name and lastName', { name: 'Juan', lastName: 'García' }],
    [
      'a person with every qualifier',
      {
        name: 'Juan',
        lastName: 'García',
        secondLastName: 'López',
        birthDate: '2015-01-31',
        nationality: 'MX',
        rfc: 'GALJ900517AB1',
        curp: 'GALJ900517HDFRPN09',
      },
    ],
    ['a company by business name', { businessName: 'Comercializadora Azteca SA de CV' }],
    ['an RFC alone', { rfc: 'caz0101011a1' }],
    ['a CURP alone', { curp: 'GALJ900517HDFRPN09' }],
    ['chosen lists', { name: 'Juan', lastName: 'García', sources: ['ofac-sdn', 'peps'] }],
    ['a client', { name: 'Juan', lastName: 'García', clientId: 'acme' }],
  ])('accepts %s', (_case, body) => {
    expect(validateListScreening(body)).toEqual([]);
  });

  it.each([
    ['nothing to screen', {}, ['name']],
    ['a name without lastName', { name: 'Juan' }, ['lastName']],
    ['a lastName without name', { lastName: 'García' }, ['name']],
    [
      'a person and a company at once',
      { name: 'Juan', lastName: 'García', businessName: 'ACME' },
      ['businessName'],
    ],
    ['an empty name', { name: ' ', lastName: 'García' }, ['name', 'name']],
    ['a name of 101 characters', { name: 'a'.repeat(101), lastName: 'García' }, ['name']],
    ['a malformed RFC', { rfc: 'ABC' }, ['rfc']],
    ['a malformed CURP', { name: 'Juan', lastName: 'García', curp: 'X' }, ['curp']],
    [
      'a birth date that is no date',
      { name: 'Juan', lastName: 'García', birthDate: '1990-02-30' },
      ['birthDate'],
    ],
    ['an unsupported nationality', { name: 'Juan', lastName: 'García', nationality: 'US' }, ['nationality']],
    ['an unknown source', { name: 'Juan', lastName: 'García', sources: ['ofac-sdn', 'eu'] }, ['sources[1]']],
    ['a repeated source', { name: 'Juan', lastName: 'García', sources: ['peps', 'peps'] }, ['sources']],
    ['no sources at all', { name: 'Juan', lastName: 'García', sources: [] }, ['sources']],
    ['a field of the wrong type', { name: 5, lastName: 'García' }, ['name', 'name']],
    ['an emoji in a name', { name: 'Juan 😀', lastName: 'García' }, ['name']],
    ['an emoji in a business name', { businessName: 'ACME 🚀' }, ['businessName']],
    ['a control character in a surname', { name: 'Juan', lastName: 'Gar\u0007cía' }, ['lastName']],
  ])('refuses %s', (_case, body, expected) => {
    expect(fields(body)).toEqual(expected);
  });

  it("says which character of a name it refuses, with the names' one rule", () => {
    expect(validateListScreening({ name: 'Juan', lastName: 'García', secondLastName: 'López 👍' })).toEqual([
      {
        field: 'secondLastName',
        message: expect.stringMatching(/^secondLastName must not contain emoji .*: found U\+1F44D\.$/),
      },
    ]);
  });
});

describe('birthDateViolations', () => {
  it.each([
    ['2026-11-25', []],
    ['1900-01-01', []],
    ['2026-11-26', ['birthDate']],
    ['not a date', []],
  ])('%s', (birthDate, expected) => {
    expect(birthDateViolations({ birthDate }, TODAY).map((v) => v.field)).toEqual(expected);
  });
});

describe('screeningSources', () => {
  it('reads every list unless told, always in the catalogue order', () => {
    expect(screeningSources({})).toEqual(['sat-69b', 'sat-69', 'ofac-sdn', 'un-consolidated', 'peps']);
    expect(screeningSources({ sources: ['peps', 'sat-69b'] })).toEqual(['sat-69b', 'peps']);
  });
});

describe('subjectOfScreening', () => {
  it.each([
    [
      { name: ' Juan ', lastName: 'García', birthDate: '1990-05-17', rfc: 'galj900517ab1' },
      {
        kind: 'person',
        name: 'Juan',
        lastName: 'García',
        secondLastName: null,
        birthDate: '1990-05-17',
        rfc: 'GALJ900517AB1',
        curp: null,
        nationality: null,
      },
    ],
    [
      { businessName: 'ACME SA DE CV', nationality: 'MX' },
      { kind: 'entity', businessName: 'ACME SA DE CV', rfc: null, curp: null, nationality: 'MX' },
    ],
    [
      { rfc: 'CAZ0101011A1' },
      { kind: 'entity', businessName: null, rfc: 'CAZ0101011A1', curp: null, nationality: null },
    ],
    [
      { rfc: 'GALJ900517AB1' },
      {
        kind: 'person',
        name: null,
        lastName: null,
        secondLastName: null,
        birthDate: null,
        rfc: 'GALJ900517AB1',
        curp: null,
        nationality: null,
      },
    ],
  ])('%j', (body, subject) => {
    expect(subjectOfScreening(body)).toEqual(subject);
  });
});
