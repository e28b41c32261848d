import { ProcessName } from './catalog';
import {
  hasRfcDate,
  isOlderThan18,
  CANDIDATE_PERSON_FIELDS,
  MAX_COMPANY_TEXT_LENGTH,
  normalizedRegistrationText,
  normalizeRegistration,
  personFieldViolations,
  RegistrationInput,
  rfcCurpViolations,
  registrationTypeViolations,
  validateRegistration,
} from './registration-rules';

const BASIC: ProcessName[] = ['Peps', 'Global Watch List', 'Listas negras del SAT', 'BGC Legal', 'BGC News'];
const WITH_CREDIT: ProcessName[] = [...BASIC, 'Reporte de Crédito'];
const TODAY = '2026-11-22';

const person = (overrides: Partial<RegistrationInput> = {}): RegistrationInput =>
  normalizeRegistration({
    personType: 'individual',
    name: 'Juan Carlos',
    lastName: 'Hernández',
    birthDate: '1990-05-17',
    nationality: 'MX',
    gender: 'H',
    rfc: 'HELJ900517AB1',
    curp: 'HELJ900517HDFRPN09',
    ...overrides,
  });

const company = (overrides: Partial<RegistrationInput> = {}): RegistrationInput =>
  normalizeRegistration({
    personType: 'corporate',
    nationality: 'MX',
    rfc: 'CNO150210AB3',
    regime: 'Régimen General',
    businessName: 'Comercializadora del Norte S.A. de C.V.',
    ...overrides,
  });

const fields = (input: RegistrationInput, processes: ProcessName[] = BASIC, today = TODAY) =>
  validateRegistration(input, { packageProcesses: processes, today }).map((v) => v.field);

describe('hasRfcDate', () => {
  it.each([
    ['a person, 17 May 1990', 'HELJ900517AB1', true],
    ['a company, 10 February 2015', 'CNO150210AB3', true],
    ['29 February of a year divisible by 4', 'HELJ880229AB1', true],
    ['29 February of 00 (2000 was a leap year)', 'HELJ000229AB1', true],
    ['31 December', 'HELJ991231AB1', true],
    ['month 13', 'HELJ991399AB1', false],
    ['day 99', 'HELJ990199AB1', false],
    ['month 00', 'HELJ990017AB1', false],
    ['day 00', 'HELJ990500AB1', false],
    ['31 April', 'HELJ900431AB1', false],
    ['29 February of a year not divisible by 4', 'HELJ890229AB1', false],
    ['30 February', 'CNO880230AB3', false],
  ])('%s: %s', (_label, rfc, expected) => {
    expect(hasRfcDate(rfc)).toBe(expected);
  });

  it('refuses an RFC of six digits that are no date, with its own message', () => {
    const violations = validateRegistration(person({ rfc: 'HELJ991399AB1', curp: undefined }), {
      packageProcesses: BASIC,
      today: TODAY,
    });
    expect(violations).toEqual([
      { field: 'rfc', message: 'The 6 digits of rfc must be a real date (YYMMDD).' },
    ]);
  });
});

describe('rule 1: older than 18 on the calendar date', () => {
  it.each([
    ['the day before the 18th birthday', '2008-11-23', false],
    ['the 18th birthday itself', '2008-11-22', false],
    ['the day after the 18th birthday', '2008-11-21', true],
    ['long ago', '1950-01-01', true],
    ['a child', '2015-06-01', false],
  ])('%s', (_label, birthDate, older) => {
    expect(isOlderThan18(birthDate, TODAY)).toBe(older);
    expect(fields(person({ birthDate })).includes('birthDate')).toBe(!older);
  });

  it.each([
    // Born 29 Feb 2008: the 18th birthday of a non-leap 2026 falls on 1 March.
    ['2008-02-29', '2026-02-28', false],
    ['2008-02-29', '2026-03-01', false],
    ['2008-02-29', '2026-03-02', true],
    // Born 29 Feb 2004: turns 18 on 1 March 2022 (non-leap).
    ['2004-02-29', '2022-03-01', false],
    ['2004-02-29', '2022-03-02', true],
    // An ordinary birthday whose 18th anniversary precedes a leap day.
    ['2006-02-28', '2024-02-28', false],
    ['2006-02-28', '2024-02-29', true],
  ])('leap-day cases: born %s, today %s -> %s', (birthDate, today, older) => {
    expect(isOlderThan18(birthDate, today)).toBe(older);
  });

  it('refuses a date that does not exist', () => {
    expect(fields(person({ birthDate: '2001-02-30' }))).toContain('birthDate');
  });
});

describe('rule 2: nationality', () => {
  it.each(['MX', 'DOM', 'GTM', 'HND', 'JAM', 'PAN'])('accepts %s', (nationality) => {
    expect(fields(person({ nationality }))).toEqual([]);
  });
  it.each(['US', 'MEX', 'CO', ''])('refuses %p', (nationality) => {
    expect(fields(person({ nationality }))).toContain('nationality');
  });
  it.each(['mx', 'Mx', ' MX', 'MX '])('refuses %p: strictly the listed codes', (nationality) => {
    expect(fields(person({ nationality }))).toEqual(['nationality']);
  });
});

describe('rule 3: gender', () => {
  it.each(['H', 'M', 'X'])('accepts %s', (gender) => {
    expect(fields(person({ gender }))).toEqual([]);
  });
  it.each(['F', 'male', 'N', '', 'h', 'm', 'x', ' H'])('refuses %p', (gender) => {
    expect(fields(person({ gender }))).toEqual(['gender']);
  });
});

describe('rule 4: RFC and CURP agree on their first 10 characters', () => {
  it.each([
    ['matching 13-character RFC', 'HELJ900517AB1', 'HELJ900517HDFRPN09', true],
    ['RFC differs at position 10', 'HELJ900518AB1', 'HELJ900517HDFRPN09', false],
    ['RFC differs at position 1', 'XELJ900517AB1', 'HELJ900517HDFRPN09', false],
    ['difference only after position 10', 'HELJ900517ZZ9', 'HELJ900517MDFRPN01', true],
  ])('%s', (_label, rfc, curp, ok) => {
    expect(fields(person({ rfc, curp })).includes('rfc')).toBe(!ok);
  });

  it('does not apply when the CURP is absent', () => {
    expect(fields(person({ curp: undefined, rfc: 'HELJ900517AB1' }))).toEqual([]);
  });

  it('compares after upper-casing', () => {
    expect(fields(person({ rfc: 'helj900517ab1', curp: 'helj900517hdfrpn09' }))).toEqual([]);
  });

  it.each([
    ['11 characters', 'HELJ900517A'],
    ['14 characters', 'HELJ900517AB12'],
    ['letters where the date goes', 'HELJAB0517AB1'],
    ['5 letters', 'HELJA900517A1'],
    ['2 letters', 'HE900517AB1X'],
  ])('refuses an RFC of %s', (_label, rfc) => {
    expect(fields(person({ rfc, curp: undefined }))).toContain('rfc');
  });

  it.each([
    ['a person, 13 characters', 'individual', 'HELJ900517AB1'],
    ['a person, 12 characters', 'individual', 'HEL900517AB1'],
    ['a company, 12 characters', 'corporate', 'CNO150210AB3'],
    ['a company, 13 characters', 'corporate', 'CNOM150210AB3'],
  ] as const)('accepts an RFC of 12 or 13 characters whatever the person type: %s', (_l, type, rfc) => {
    const input = type === 'individual' ? person({ rfc, curp: undefined }) : company({ rfc });
    expect(fields(input)).toEqual([]);
  });

  it('compares the first 10 characters of a 12-character RFC too', () => {
    expect(fields(person({ rfc: 'HEL900517AB1', curp: 'HELJ900517HDFRPN09' }))).toEqual(['rfc']);
  });

  it('refuses a malformed CURP', () => {
    expect(fields(person({ curp: 'HELJ900517HDFRPN0' }))).toContain('curp');
  });
});

describe('rule 5: consent NIP for the credit report', () => {
  it.each([
    ['digits 3-4 equal RFC positions 5-6', '4790', true],
    ['longer NIP, still matching', '129055', true],
    ['digits 3-4 differ', '4791', false],
    ['not digits', '47A0', false],
    ['too short', '479', false],
  ])('%s', (_label, consentNIP, ok) => {
    expect(fields(person({ consentNIP }), WITH_CREDIT).includes('consentNIP')).toBe(!ok);
  });

  it('requires rfc and consentNIP when the package has the credit report', () => {
    expect(fields(person({ rfc: undefined, curp: undefined }), WITH_CREDIT)).toEqual(['rfc', 'consentNIP']);
  });

  it('does not apply without the credit report', () => {
    expect(fields(person({ consentNIP: '0000' }), BASIC)).toEqual([]);
  });

  it('checks the format of a consentNIP sent without the credit report', () => {
    expect(fields(person({ consentNIP: 'ab' }), BASIC)).toEqual(['consentNIP']);
  });

  it('uses positions 5-6 of a company RFC too', () => {
    expect(fields(company({ consentNIP: '1850' }), WITH_CREDIT)).toEqual([]);
    expect(fields(company({ consentNIP: '1815' }), WITH_CREDIT)).toEqual(['consentNIP']);
  });
});

describe('rule 6: corporate registrations', () => {
  it('accepts a company with regime and business name and no personal data', () => {
    expect(fields(company())).toEqual([]);
  });
  it('requires regime and businessName', () => {
    expect(fields(company({ regime: undefined, businessName: '' }))).toEqual(['regime', 'businessName']);
  });
  it('refuses a malformed company RFC', () => {
    expect(fields(company({ rfc: 'C1O150210AB3' }))).toEqual(['rfc']);
  });
});

describe('regime and businessName: at most MAX_COMPANY_TEXT_LENGTH characters', () => {
  const longest = 'x'.repeat(MAX_COMPANY_TEXT_LENGTH);
  const tooLong = 'x'.repeat(MAX_COMPANY_TEXT_LENGTH + 1);
  const violations = (input: RegistrationInput) =>
    validateRegistration(input, { packageProcesses: BASIC, today: TODAY });

  it.each([
    ['a person', person],
    ['a company', company],
  ])('refuses either one past the limit for %s, naming the field and the limit', (_, kind) => {
    expect(violations(kind({ regime: tooLong, businessName: tooLong }))).toEqual([
      { field: 'regime', message: `regime must be at most ${MAX_COMPANY_TEXT_LENGTH} characters.` },
      {
        field: 'businessName',
        message: `businessName must be at most ${MAX_COMPANY_TEXT_LENGTH} characters.`,
      },
    ]);
  });

  it.each([
    ['a person', person],
    ['a company', company],
  ])('accepts them at the limit for %s', (_, kind) => {
    expect(fields(kind({ regime: longest, businessName: longest }))).toEqual([]);
  });

  it('still lets a person send them empty, as before', () => {
    expect(fields(person({ regime: '', businessName: '' }))).toEqual([]);
  });
});

describe('required fields of an individual', () => {
  it('lists every missing field at once', () => {
    const input = normalizeRegistration({ personType: 'individual' });
    expect(fields(input)).toEqual(['name', 'lastName', 'birthDate', 'nationality', 'gender']);
  });

  it.each([
    ['name', { name: 'x'.repeat(101) }],
    ['lastName', { lastName: '' }],
    ['secondLastName', { secondLastName: '   ' }],
    ['email', { email: 'not-an-email' }],
    ['phone', { phone: 'call me' }],
  ])('checks %s', (field, overrides) => {
    expect(fields(person(overrides as Partial<RegistrationInput>))).toEqual([field]);
  });

  it('lists several violated rules together', () => {
    expect(
      fields(person({ birthDate: '2015-01-01', nationality: 'US', gender: 'F', rfc: 'XXXX900517AB1' })),
    ).toEqual(['birthDate', 'nationality', 'gender', 'rfc']);
  });
});

describe('normalizeRegistration', () => {
  it('trims strings, upper-cases RFC and CURP, keeps gender and nationality as sent', () => {
    expect(
      normalizeRegistration({
        name: '  Ana ',
        rfc: ' helj900517ab1 ',
        curp: 'helj900517mdfrpn09',
        gender: 'm',
        nationality: 'mx',
      }),
    ).toEqual({
      personType: 'individual',
      name: 'Ana',
      rfc: 'HELJ900517AB1',
      curp: 'HELJ900517MDFRPN09',
      gender: 'm',
      nationality: 'mx',
    });
  });
});

describe('registrationTypeViolations: characters of the name fields', () => {
  it.each([
    ['name', 'Juan\u0007'],
    ['name', 'Juan\n'],
    ['lastName', '\tHernández'],
    ['secondLastName', 'López\u202e'],
    ['businessName', 'ACME\u200b S.A.'],
    ['regime', 'Régimen\u0085General'],
  ])('refuses %s %j as sent (before trimming)', (field, value) => {
    expect(registrationTypeViolations({ packageId: 'PKG-ACME-BASIC', [field]: value })).toEqual([
      { field, message: expect.stringMatching(new RegExp(`^${field} must not contain `)) },
    ]);
  });

  it('lists every name field that holds one', () => {
    const body = { packageId: 'PKG-ACME-BASIC', name: 'A\u0000', lastName: 'B\u2066', email: 'a\u0007@b.mx' };
    expect(registrationTypeViolations(body).map((v) => v.field)).toEqual(['name', 'lastName']);
  });

  it.each([
    'José Ángel',
    "O'Connor-Núñez",
    'Łukasz Nguyễn',
    'Zoë',
    'Пётр',
    'Transportes del Bajío, S.A. de C.V.',
  ])('accepts %j', (name) => {
    expect(registrationTypeViolations({ packageId: 'PKG-ACME-BASIC', name, businessName: name })).toEqual([]);
  });
});

describe('registrationTypeViolations', () => {
  it('accepts a body of strings, and null as absent', () => {
    expect(
      registrationTypeViolations({ packageId: 'PKG-ACME-BASIC', name: 'Ana', email: null, personType: null }),
    ).toEqual([]);
  });

  it('requires packageId', () => {
    expect(registrationTypeViolations({})).toEqual([
      { field: 'packageId', message: 'packageId is required (see GET /packages).' },
    ]);
  });

  it.each([[''], [42], ['x'.repeat(65)]])('refuses packageId %p', (packageId) => {
    expect(registrationTypeViolations({ packageId }).map((v) => v.field)).toEqual(['packageId']);
  });

  it('names every field of the wrong JSON type, and an unknown personType', () => {
    expect(
      registrationTypeViolations({
        packageId: 'PKG-ACME-BASIC',
        personType: 'company',
        name: 7,
        birthDate: ['1990-05-17'],
        gender: { value: 'H' },
        consentNIP: 4790,
      }).map((v) => v.field),
    ).toEqual(['personType', 'name', 'birthDate', 'gender', 'consentNIP']);
  });
});

describe('personFieldViolations: one field with the rules registration gives it', () => {
  it.each([
    ['name', '  José Ángel ', []],
    ['name', 'x'.repeat(100), []],
    ['name', 'x'.repeat(101), ['changes.name: changes.name must be at most 100 characters.']],
    ['lastName', '   ', ['changes.lastName: changes.lastName must not be empty.']],
    [
      'secondLastName',
      'López\u202e',
      [
        expect.stringMatching(
          /^changes\.secondLastName: changes\.secondLastName must not contain bidirectional/,
        ),
      ],
    ],
    ['name', 'Juan\t', [expect.stringMatching(/^changes\.name: changes\.name must not contain control/)]],
    ['birthDate', ' 1990-05-17 ', []],
    [
      'birthDate',
      '1990-02-30',
      ['changes.birthDate: changes.birthDate must be a real date written YYYY-MM-DD.'],
    ],
    // Age is not the field's own rule: a corrected birth date is the truth, whatever it says.
    ['birthDate', '2020-01-01', []],
    ['rfc', ' helj900517ab1 ', []],
    ['rfc', 'HELJ900517', ['changes.rfc: changes.rfc must be 12 or 13 characters long.']],
    ['rfc', 'HELJ9005170B1X', ['changes.rfc: changes.rfc must be 12 or 13 characters long.']],
    [
      'rfc',
      'HE1J900517AB1',
      ['changes.rfc: changes.rfc must be 3 or 4 letters, 6 digits (YYMMDD) and a 3-character homoclave.'],
    ],
    ['rfc', 'HELJ901317AB1', ['changes.rfc: The 6 digits of changes.rfc must be a real date (YYMMDD).']],
    ['curp', 'helj900517hdfrpn09', []],
    ['curp', 'HELJ900517ZDFRPN09', ['changes.curp: changes.curp must be a valid 18-character CURP.']],
    ['email', ' ana@example.mx ', []],
    ['email', 'ana@example', ['changes.email: changes.email must be an e-mail address.']],
    ['phone', '+52 55-1234-5678', []],
    [
      'phone',
      '5512',
      ['changes.phone: changes.phone must be an international number such as +525512345678.'],
    ],
  ] as const)('%s %j', (field, value, expected) => {
    expect(
      personFieldViolations(field, value, `changes.${field}`).map((v) => `${v.field}: ${v.message}`),
    ).toEqual(expected);
  });

  it.each(CANDIDATE_PERSON_FIELDS)('%s must be a string', (field) => {
    for (const value of [undefined, null, 7, ['x'], { value: 'x' }])
      expect(personFieldViolations(field, value, `subject.${field}`)).toEqual([
        { field: `subject.${field}`, message: `subject.${field} must be a string.` },
      ]);
  });

  it('gives the messages validateRegistration gives, under the path asked', () => {
    const input = person({ rfc: 'HELJ901317AB1', curp: 'HELJ900517ZDFRPN09', email: 'x', phone: '1' });
    const registration = validateRegistration(input, { packageProcesses: BASIC, today: TODAY }).filter(
      (v) => v.field !== 'rfc' || !v.message.startsWith('The first 10'),
    );
    const alone = (['rfc', 'curp', 'email', 'phone'] as const).flatMap((field) =>
      personFieldViolations(field, input[field], field),
    );
    expect(alone).toEqual(registration);
  });

  it('normalizes as registration stores', () => {
    expect(normalizedRegistrationText('rfc', ' helj900517ab1 ')).toBe('HELJ900517AB1');
    expect(normalizedRegistrationText('curp', 'helj900517hdfrpn09 ')).toBe('HELJ900517HDFRPN09');
    expect(normalizedRegistrationText('name', ' Ana ')).toBe('Ana');
    expect(normalizedRegistrationText('gender', ' m ')).toBe(' m ');
  });
});

describe('rfcCurpViolations: rule 4 on its own', () => {
  it.each([
    ['HELJ900517AB1', 'HELJ900517HDFRPN09', []],
    ['HELJ900517', 'HELJ900517HDFRPN09', []],
    ['HELJ900518AB1', 'HELJ900517HDFRPN09', ['changes.rfc']],
  ])('%s and %s', (rfc, curp, expected) => {
    expect(
      rfcCurpViolations(rfc, curp, { rfc: 'changes.rfc', curp: 'changes.curp' }).map((v) => v.field),
    ).toEqual(expected);
  });

  it('names both fields', () => {
    expect(rfcCurpViolations('HELJ900518AB1', 'HELJ900517HDFRPN09')).toEqual([
      { field: 'rfc', message: 'The first 10 characters of rfc must equal the first 10 characters of curp.' },
    ]);
  });
});
