import type { FieldViolation } from '../errors';
import {
  ARCO_CHANNELS,
  ARCO_DECISIONS,
  ARCO_RIGHTS,
  ArcoRight,
  ArcoSubject,
  personNameKey,
  PRIVACY_REQUEST_STATUSES,
  privacyRequestViolations,
  RECTIFIABLE_FIELDS,
  resolutionViolations,
  subjectIdentifiers,
  subjectMatchesCandidate,
  subjectMatchesSearch,
  subjectNameKey,
} from './arco';

const TODAY = '2026-03-16';
const REQUEST = {
  right: 'access',
  subject: { rfc: 'HELJ900517AB1' },
  receivedAt: '2026-03-13',
  channel: 'email',
  details: 'Solicito copia de mis datos personales.',
};

const lines = (violations: FieldViolation[]) => violations.map((v) => `${v.field}: ${v.message}`);
const requestFields = (overrides: Record<string, unknown>, today = TODAY) =>
  privacyRequestViolations({ ...REQUEST, ...overrides }, today).map((v) => v.field);
const subjectFields = (subject: unknown) => requestFields({ subject });

describe('the vocabulary of ARCO requests', () => {
  it('names the four rights, the channels, the decisions and the statuses', () => {
    expect(ARCO_RIGHTS).toEqual(['access', 'rectification', 'cancellation', 'opposition']);
    expect(ARCO_CHANNELS).toEqual(['web', 'email', 'paper', 'in_person']);
    expect(ARCO_DECISIONS).toEqual(['granted', 'denied']);
    expect(PRIVACY_REQUEST_STATUSES).toEqual(['open', 'resolved']);
    expect(RECTIFIABLE_FIELDS).toEqual([
      'name',
      'lastName',
      'secondLastName',
      'birthDate',
      'rfc',
      'curp',
      'email',
      'phone',
    ]);
  });
});

describe('privacyRequestViolations', () => {
  it('accepts a request identified by an RFC', () => {
    expect(privacyRequestViolations(REQUEST, TODAY)).toEqual([]);
  });

  it('lists every missing field of an empty body', () => {
    expect(lines(privacyRequestViolations({}, TODAY))).toEqual([
      'right: right must be one of access, rectification, cancellation, opposition.',
      'subject: subject is required: who the request is about (an rfc, a curp, or name, lastName and birthDate).',
      'receivedAt: receivedAt must be the day received, a real date written YYYY-MM-DD.',
      'channel: channel must be one of web, email, paper, in_person.',
    ]);
  });

  it.each(ARCO_RIGHTS)('accepts the right %s', (right) => {
    expect(requestFields({ right })).toEqual([]);
  });

  it.each([['Access'], ['deletion'], ['portability'], [''], [null], [0]])('refuses the right %p', (right) => {
    expect(requestFields({ right })).toEqual(['right']);
  });

  it.each(ARCO_CHANNELS)('accepts the channel %s', (channel) => {
    expect(requestFields({ channel })).toEqual([]);
  });

  it.each([['phone'], ['in person'], ['EMAIL'], [null], [undefined]])('refuses the channel %p', (channel) => {
    expect(requestFields({ channel })).toEqual(['channel']);
  });

  describe('receivedAt', () => {
    it.each([
      ['2026-03-16', 'today'],
      ['2026-03-15', 'a Sunday'],
      ['2000-01-01', 'the earliest'],
    ])('accepts %s (%s)', (receivedAt) => {
      expect(requestFields({ receivedAt })).toEqual([]);
    });

    it('refuses tomorrow, naming today', () => {
      expect(lines(privacyRequestViolations({ ...REQUEST, receivedAt: '2026-03-17' }, TODAY))).toEqual([
        'receivedAt: receivedAt must be a date from 2000-01-01 to today (2026-03-16), got 2026-03-17.',
      ]);
    });

    it('refuses a date before 2000 (a year mistyped)', () => {
      expect(requestFields({ receivedAt: '0226-03-13' })).toEqual(['receivedAt']);
    });

    it.each([['2026-02-30'], ['13/03/2026'], ['2026-03-13T10:00:00Z'], [Date.parse('2026-03-13')], [null]])(
      'refuses %p, which is no date',
      (receivedAt) => {
        expect(lines(privacyRequestViolations({ ...REQUEST, receivedAt }, TODAY))).toEqual([
          'receivedAt: receivedAt must be the day received, a real date written YYYY-MM-DD.',
        ]);
      },
    );
  });

  describe('details', () => {
    it.each([[undefined], [''], ['x'.repeat(2000)], ['Mis datos 📄, por favor']])('accepts %p', (details) => {
      expect(requestFields({ details })).toEqual([]);
    });

    it.each([['x'.repeat(2001)], [42], [null], [['texto']]])('refuses %p', (details) => {
      expect(lines(privacyRequestViolations({ ...REQUEST, details }, TODAY))).toEqual([
        'details: details must be a text of at most 2000 characters, or be left out.',
      ]);
    });

    it.each([['línea 1\nlínea 2'], ['a\tb'], ['a\u202Eb']])(
      'refuses the characters of %j (free text)',
      (details) => {
        expect(lines(privacyRequestViolations({ ...REQUEST, details }, TODAY))).toEqual([
          expect.stringMatching(/^details: details must not contain /),
        ]);
      },
    );
  });

  describe('subject', () => {
    it.each([
      [{ rfc: 'HELJ900517AB1' }, 'an RFC'],
      [{ rfc: ' helj900517ab1 ' }, 'an RFC as typed'],
      [{ rfc: 'CNO150210AB3' }, 'a company RFC'],
      [{ curp: 'HELJ900517HDFRPN09' }, 'a CURP'],
      [{ curp: 'helj900517hdfrpn09' }, 'a CURP in lower case'],
      [{ name: 'Juan Carlos', lastName: 'Hernández', birthDate: '1990-05-17' }, 'a name and birth date'],
      [
        { name: 'Juan Carlos', lastName: 'Hernández', secondLastName: 'López', birthDate: '1990-05-17' },
        'a full name and birth date',
      ],
      [{ rfc: 'HELJ900517AB1', name: 'Juan' }, 'an RFC and part of a name'],
      [
        { rfc: 'HELJ900517AB1', curp: 'MAGA850101MDFRRN01' },
        'an RFC and a CURP that disagree (no rule 4 here)',
      ],
      [{ name: 'Juan', lastName: 'Pérez', birthDate: '2026-03-16' }, 'born today'],
    ])('accepts %p (%s)', (subject: ArcoSubject, _why: string) => {
      expect(subjectFields(subject)).toEqual([]);
    });

    it.each([[null], ['HELJ900517AB1'], [['HELJ900517AB1']], [42]])(
      'refuses %p, which is no object',
      (subject) => {
        expect(lines(privacyRequestViolations({ ...REQUEST, subject }, TODAY))).toEqual([
          'subject: subject must be an object that identifies the person (an rfc, a curp, or name, lastName and birthDate).',
        ]);
      },
    );

    it.each([
      [{}, 'nothing'],
      [{ name: 'Juan', lastName: 'Pérez' }, 'a name without birth date'],
      [{ name: 'Juan', birthDate: '1990-05-17' }, 'no last name'],
      [{ lastName: 'Pérez', secondLastName: 'López', birthDate: '1990-05-17' }, 'no given name'],
    ])('refuses %p, which identifies nobody (%s)', (subject: ArcoSubject, _why: string) => {
      expect(lines(privacyRequestViolations({ ...REQUEST, subject }, TODAY))).toEqual([
        'subject: subject must identify the person: an rfc, a curp, or name, lastName and birthDate.',
      ]);
    });

    it('refuses each unknown key once, and still asks who the person is', () => {
      expect(
        lines(privacyRequestViolations({ ...REQUEST, subject: { email: 'a@b.mx', nss: '1' } }, TODAY)),
      ).toEqual([
        'subject.email: "email" is not a known field.',
        'subject.nss: "nss" is not a known field.',
        'subject: subject must identify the person: an rfc, a curp, or name, lastName and birthDate.',
      ]);
    });

    it.each([
      [{ rfc: 'HELJ900517' }, 'subject.rfc: subject.rfc must be 12 or 13 characters long.'],
      [
        { rfc: 'HE1J900517AB1' },
        'subject.rfc: subject.rfc must be 3 or 4 letters, 6 digits (YYMMDD) and a 3-character homoclave.',
      ],
      [{ rfc: 'HELJ901317AB1' }, 'subject.rfc: The 6 digits of subject.rfc must be a real date (YYMMDD).'],
      [{ curp: 'HELJ900517ZDFRPN09' }, 'subject.curp: subject.curp must be a valid 18-character CURP.'],
      [{ rfc: 7 }, 'subject.rfc: subject.rfc must be a string.'],
      [{ curp: null }, 'subject.curp: subject.curp must be a string.'],
      [
        { name: 'Juan', lastName: 'Pérez', birthDate: '1990-02-30' },
        'subject.birthDate: subject.birthDate must be a real date written YYYY-MM-DD.',
      ],
      [
        { name: 'Juan', lastName: 'Pérez', birthDate: '2026-03-17' },
        'subject.birthDate: subject.birthDate must not be after today (2026-03-16).',
      ],
      [
        { name: 'x'.repeat(101), lastName: 'Pérez', birthDate: '1990-05-17' },
        'subject.name: subject.name must be at most 100 characters.',
      ],
      [
        { name: 'Juan', lastName: '  ', birthDate: '1990-05-17' },
        'subject.lastName: subject.lastName must not be empty.',
      ],
      [
        { rfc: 'HELJ900517AB1', secondLastName: 'López\u200B' },
        'subject.secondLastName: subject.secondLastName must not contain invisible formatting characters (zero-width spaces, soft hyphens and the like): found U+200B.',
      ],
    ])('refuses %p with the rule registration gives the field', (subject, expected) => {
      expect(lines(privacyRequestViolations({ ...REQUEST, subject }, TODAY))).toEqual([expected]);
    });

    it('counts a malformed identifier as given: the subject is not also reported', () => {
      expect(subjectFields({ rfc: '' })).toEqual(['subject.rfc']);
    });
  });

  it('lists every broken rule together', () => {
    const body = {
      right: 'erase',
      subject: { curp: 'X', other: 1 },
      receivedAt: '2027-01-01',
      channel: 'fax',
      details: 'a\u0000',
    };
    expect(privacyRequestViolations(body, TODAY).map((v) => v.field)).toEqual([
      'right',
      'subject.other',
      'subject.curp',
      'receivedAt',
      'channel',
      'details',
    ]);
  });
});

describe('resolutionViolations', () => {
  const REASON = 'Se entregó copia de los datos por correo electrónico.';
  const NON_RECTIFICATION: ArcoRight[] = ['access', 'cancellation', 'opposition'];

  it.each(
    ARCO_RIGHTS.flatMap((right) => ARCO_DECISIONS.map((decision) => [right, decision] as const)).filter(
      ([right, decision]) => !(right === 'rectification' && decision === 'granted'),
    ),
  )('accepts %s %s with a reason and no changes', (right, decision) => {
    expect(resolutionViolations({ decision, reason: REASON }, right)).toEqual([]);
  });

  it('requires a decision and a reason', () => {
    expect(lines(resolutionViolations({}, 'access'))).toEqual([
      'decision: decision must be granted or denied.',
      'reason: reason is required: a text of 1 to 2000 characters.',
    ]);
  });

  it.each([['accepted'], ['Granted'], [true], [null]])('refuses the decision %p', (decision) => {
    expect(resolutionViolations({ decision, reason: REASON }, 'access').map((v) => v.field)).toEqual([
      'decision',
    ]);
  });

  it.each([[''], ['   '], ['x'.repeat(2001)], [42], [null]])('refuses the reason %p', (reason) => {
    expect(lines(resolutionViolations({ decision: 'denied', reason }, 'access'))).toEqual([
      'reason: reason is required: a text of 1 to 2000 characters.',
    ]);
  });

  it.each([['x'], ['x'.repeat(2000)]])('accepts a reason of %#: 1 to 2000 characters', (reason) => {
    expect(resolutionViolations({ decision: 'denied', reason }, 'access')).toEqual([]);
  });

  it('refuses the characters free text may not hold in a reason', () => {
    expect(lines(resolutionViolations({ decision: 'denied', reason: 'No\u0007' }, 'access'))).toEqual([
      expect.stringMatching(/^reason: reason must not contain control characters/),
    ]);
  });

  describe('changes', () => {
    const granted = (changes: unknown) =>
      resolutionViolations({ decision: 'granted', reason: REASON, changes }, 'rectification');

    it.each([
      [{ lastName: 'Hernández' }],
      [{ name: '  José Ángel ', secondLastName: 'Núñez' }],
      [{ rfc: 'helj900517ab1', curp: 'HELJ900517HDFRPN09' }],
      [{ birthDate: '1990-05-17', email: 'ana@example.mx', phone: '+52 55 1234 5678' }],
      [{ birthDate: '2015-01-01' }],
    ])('accepts a granted rectification of %p', (changes) => {
      expect(granted(changes)).toEqual([]);
    });

    it('requires changes for a granted rectification', () => {
      expect(lines(granted(undefined))).toEqual([
        'changes: changes is required for a granted rectification: the corrected fields (name, lastName, secondLastName, birthDate, rfc, curp, email, phone).',
      ]);
    });

    it.each([[{}], [null], [[{ name: 'Ana' }]], ['name=Ana']])('refuses changes %p', (changes) => {
      expect(lines(granted(changes))).toEqual([
        'changes: changes must be an object of one or more corrected fields (name, lastName, secondLastName, birthDate, rfc, curp, email, phone).',
      ]);
    });

    it('refuses a field a rectification does not correct', () => {
      expect(lines(granted({ name: 'Ana', nationality: 'MX', consentNIP: '1234' }))).toEqual([
        'changes.nationality: "nationality" is not a known field. A rectification corrects name, lastName, secondLastName, birthDate, rfc, curp, email, phone.',
        'changes.consentNIP: "consentNIP" is not a known field. A rectification corrects name, lastName, secondLastName, birthDate, rfc, curp, email, phone.',
      ]);
    });

    it('checks each field with the rule registration gives it, under changes.<field>', () => {
      const changes = {
        name: '',
        lastName: 'x'.repeat(101),
        secondLastName: 'López\n',
        birthDate: '1990-02-30',
        rfc: 'HELJ9005',
        curp: 'NOPE',
        email: 'ana',
        phone: '12',
      };
      expect(lines(granted(changes))).toEqual([
        'changes.name: changes.name must not be empty.',
        'changes.lastName: changes.lastName must be at most 100 characters.',
        'changes.secondLastName: changes.secondLastName must not contain control characters (tabs, line breaks, escape codes and the like): found U+000A.',
        'changes.birthDate: changes.birthDate must be a real date written YYYY-MM-DD.',
        'changes.rfc: changes.rfc must be 12 or 13 characters long.',
        'changes.curp: changes.curp must be a valid 18-character CURP.',
        'changes.email: changes.email must be an e-mail address.',
        'changes.phone: changes.phone must be an international number such as +525512345678.',
      ]);
    });

    it('refuses null: a rectification corrects a value, it does not erase one', () => {
      expect(lines(granted({ secondLastName: null }))).toEqual([
        'changes.secondLastName: changes.secondLastName must be a string.',
      ]);
    });

    it('checks that a corrected RFC and CURP agree (registration rule 4)', () => {
      expect(lines(granted({ rfc: 'HELJ900518AB1', curp: 'helj900517hdfrpn09' }))).toEqual([
        'changes.rfc: The first 10 characters of changes.rfc must equal the first 10 characters of changes.curp.',
      ]);
    });

    it.each(
      NON_RECTIFICATION.flatMap((right) => ARCO_DECISIONS.map((decision) => [right, decision] as const)),
    )('refuses changes for %s %s', (right, decision) => {
      expect(
        lines(resolutionViolations({ decision, reason: REASON, changes: { name: 'Ana' } }, right)),
      ).toEqual(['changes: changes belong to a granted rectification only.']);
    });

    it('refuses changes for a denied rectification', () => {
      expect(
        resolutionViolations(
          { decision: 'denied', reason: REASON, changes: { name: 'Ana' } },
          'rectification',
        ),
      ).toEqual([{ field: 'changes', message: 'changes belong to a granted rectification only.' }]);
    });

    it('says nothing of the changes of a rectification whose decision is unreadable', () => {
      expect(
        resolutionViolations(
          { decision: 'ok', reason: REASON, changes: { name: 'Ana' } },
          'rectification',
        ).map((v) => v.field),
      ).toEqual(['decision']);
    });
  });
});

describe('subjectIdentifiers', () => {
  it.each([
    [
      { rfc: ' helj900517ab1 ', curp: 'helj900517hdfrpn09\t' },
      { rfc: 'HELJ900517AB1', curp: 'HELJ900517HDFRPN09' },
    ],
    [{ rfc: 'HELJ900517AB1', name: 'Juan' }, { rfc: 'HELJ900517AB1' }],
    [{ curp: 'HELJ900517HDFRPN09' }, { curp: 'HELJ900517HDFRPN09' }],
    [{ rfc: '   ' }, {}],
    [{ name: 'Juan', lastName: 'Pérez', birthDate: '1990-05-17' }, {}],
  ])('%p -> %p', (subject, expected) => {
    expect(subjectIdentifiers(subject)).toStrictEqual(expected);
  });
});

describe('personNameKey and subjectNameKey', () => {
  it.each([
    [['José Ángel', 'Núñez', undefined], 'jose angel|nunez|'],
    [['JOSÉ  ÁNGEL ', ' NÚÑEZ', 'López'], 'jose angel|nunez|lopez'],
    [['Zoë', 'Müller', 'Ibáñez'], 'zoe|muller|ibanez'],
    // Ñ written as N and a combining tilde folds like the precomposed letter.
    [['Jose', 'Nun\u0303ez', ''], 'jose|nunez|'],
    [['María José', 'de la Peña', 'y Ruiz'], 'maria jose|de la pena|y ruiz'],
    [["O'Connor", 'Pérez-López', undefined], "o'connor|perez-lopez|"],
  ] as const)('%p -> %s', ([name, lastName, secondLastName], expected) => {
    expect(personNameKey(name, lastName, secondLastName)).toBe(expected);
  });

  it('keeps a name holding a | apart from two names', () => {
    expect(personNameKey('Ana|Luisa', 'Pérez')).toBe('ana\\|luisa|perez|');
    expect(personNameKey('Ana|Luisa', 'Pérez')).not.toBe(personNameKey('Ana', 'Luisa|Pérez'));
    expect(personNameKey('Ana\\', 'Pérez')).not.toBe(personNameKey('Ana', '\\Pérez'));
  });

  it.each([
    [{ name: 'Juan', lastName: 'Pérez' }, 'juan|perez|'],
    [{ name: 'Juan', lastName: 'Pérez', secondLastName: 'López', rfc: 'HELJ900517AB1' }, 'juan|perez|lopez'],
    [{ name: 'Juan' }, null],
    [{ lastName: 'Pérez', secondLastName: 'López' }, null],
    [{ name: ' ', lastName: 'Pérez' }, null],
    [{ name: 'Juan', lastName: '\u0301' }, null],
    [{ rfc: 'HELJ900517AB1' }, null],
  ])('the key of %p is %p', (subject, expected) => {
    expect(subjectNameKey(subject)).toBe(expected);
  });
});

describe('subjectMatchesCandidate', () => {
  const CANDIDATE = {
    rfc: 'HELJ900517AB1',
    curp: 'HELJ900517HDFRPN09',
    name: 'Juan Carlos',
    lastName: 'Hernández',
    secondLastName: 'López',
    birthDate: '1990-05-17',
  };
  const BY_NAME: ArcoSubject = {
    name: 'Juan Carlos',
    lastName: 'Hernández',
    secondLastName: 'López',
    birthDate: '1990-05-17',
  };

  it.each([
    [{ rfc: 'HELJ900517AB1' }, true, 'the same RFC'],
    [{ rfc: ' helj900517ab1 ' }, true, 'the same RFC as typed'],
    [{ curp: 'helj900517hdfrpn09' }, true, 'the same CURP'],
    [
      { rfc: 'HELJ900517AB1', curp: 'MAGA850101MDFRRN01' },
      true,
      'the RFC equal, the CURP not: either decides',
    ],
    [{ rfc: 'MAGA850101XY2', curp: 'HELJ900517HDFRPN09' }, true, 'the CURP equal, the RFC not'],
    [{ rfc: 'HELJ900517AB2' }, false, 'another homoclave'],
    [{ rfc: 'MAGA850101XY2', ...BY_NAME }, false, 'another RFC beats the same name and birth date'],
    [{ curp: 'MAGA850101MDFRRN01', ...BY_NAME }, false, 'another CURP beats the same name and birth date'],
    [
      { rfc: 'HELJ900517AB1', name: 'Ana', lastName: 'Ruiz', birthDate: '2000-01-01' },
      true,
      'the RFC beats another name',
    ],
    [BY_NAME, true, 'the same full name and birth date'],
    [
      { name: ' JUAN  carlos', lastName: 'hernandez', secondLastName: 'LÓPEZ ', birthDate: ' 1990-05-17 ' },
      true,
      'case, accents and spaces aside',
    ],
    [{ ...BY_NAME, birthDate: '1990-05-18' }, false, 'a different birth date'],
    [{ ...BY_NAME, secondLastName: undefined }, false, 'without the second surname the candidate has'],
    [{ ...BY_NAME, secondLastName: 'Lopes' }, false, 'another second surname'],
    [{ ...BY_NAME, name: 'Juan' }, false, 'part of the given names'],
    [{ name: 'Juan Carlos', lastName: 'Hernández', secondLastName: 'López' }, false, 'no birth date'],
    [{ name: 'Juan Carlos', birthDate: '1990-05-17' }, false, 'no last name'],
    [{}, false, 'nothing'],
  ])('%p: %p (%s)', (subject, expected) => {
    expect(subjectMatchesCandidate(subject, CANDIDATE)).toBe(expected);
  });

  it('compares an ñ with an n, as the legal-records search does', () => {
    const candidate = { name: 'Iñaki', lastName: 'Muñoz', birthDate: '1985-01-01' };
    expect(
      subjectMatchesCandidate({ name: 'Inaki', lastName: 'MUNOZ', birthDate: '1985-01-01' }, candidate),
    ).toBe(true);
  });

  it('never matches a candidate without the identifier the subject gives', () => {
    const noIds = { ...CANDIDATE, rfc: null, curp: undefined };
    expect(subjectMatchesCandidate({ rfc: 'HELJ900517AB1' }, noIds)).toBe(false);
    expect(subjectMatchesCandidate({ curp: 'HELJ900517HDFRPN09', ...BY_NAME }, noIds)).toBe(false);
    expect(subjectMatchesCandidate(BY_NAME, noIds)).toBe(true);
  });

  it('never matches by name a candidate without a birth date', () => {
    expect(subjectMatchesCandidate(BY_NAME, { ...CANDIDATE, birthDate: null })).toBe(false);
  });

  it('matches a candidate without second surname only when the subject gives none', () => {
    const candidate = { ...CANDIDATE, secondLastName: null };
    expect(subjectMatchesCandidate({ ...BY_NAME, secondLastName: undefined }, candidate)).toBe(true);
    expect(subjectMatchesCandidate(BY_NAME, candidate)).toBe(false);
  });
});

describe('subjectMatchesSearch', () => {
  const SEARCH = { name: 'José Ángel', lastName: 'Núñez', secondLastName: 'Ibáñez' };

  it.each([
    [{ name: 'José Ángel', lastName: 'Núñez', secondLastName: 'Ibáñez' }, true, 'the same name'],
    [{ name: 'JOSE ANGEL', lastName: 'nunez', secondLastName: 'IBANEZ' }, true, 'case, accents and ñ aside'],
    [{ name: '  José   Ángel ', lastName: ' Núñez', secondLastName: 'Ibáñez  ' }, true, 'spaces aside'],
    [
      { name: 'José Ángel', lastName: 'Núñez', secondLastName: 'Ibáñez', rfc: 'HELJ900517AB1' },
      true,
      'with an RFC',
    ],
    [
      { name: 'José Ángel', lastName: 'Núñez', secondLastName: 'Ibáñez', birthDate: '1990-05-17' },
      true,
      'a search has no birth date',
    ],
    [{ name: 'José', lastName: 'Núñez', secondLastName: 'Ibáñez' }, false, 'part of the given names'],
    [
      { name: 'Ángel José', lastName: 'Núñez', secondLastName: 'Ibáñez' },
      false,
      'the given names in another order',
    ],
    [{ name: 'José Ángel', lastName: 'Núñez' }, false, 'without the second surname the search has'],
    [{ name: 'José Ángel', lastName: 'Ibáñez', secondLastName: 'Núñez' }, false, 'the surnames swapped'],
    [{ rfc: 'HELJ900517AB1' }, false, 'an RFC alone: a search has none'],
  ])('%p: %p (%s)', (subject: ArcoSubject, expected: boolean, _why: string) => {
    expect(subjectMatchesSearch(subject, SEARCH)).toBe(expected);
  });

  it('matches a search without second surname only when the subject gives none', () => {
    const search = { name: 'Ana', lastName: 'Peña', secondLastName: null };
    expect(subjectMatchesSearch({ name: 'Ana', lastName: 'Pena' }, search)).toBe(true);
    expect(subjectMatchesSearch({ name: 'Ana', lastName: 'Pena', secondLastName: 'Ruiz' }, search)).toBe(
      false,
    );
    expect(subjectMatchesSearch({ name: 'Ana', lastName: 'Peña' }, { name: 'Ana', lastName: 'Peña' })).toBe(
      true,
    );
  });
});
