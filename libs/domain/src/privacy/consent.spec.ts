import type { FieldViolation } from '../errors';
import { Consent, CONSENT_BASES, CONSENT_MEDIA, consentViolations, recordedConsent } from './consent';

const NOW = Date.parse('2026-03-16T18:00:00Z');
const MINUTE = 60_000;
const CONSENT = {
  basis: 'express',
  noticeVersion: '2026-01',
  acceptedAt: NOW - 3 * MINUTE,
  medium: 'web',
  evidenceRef: 'FORM-2026-000123',
};

const lines = (violations: FieldViolation[]) => violations.map((v) => `${v.field}: ${v.message}`);
const fields = (overrides: Record<string, unknown>) =>
  consentViolations({ ...CONSENT, ...overrides }, NOW).map((v) => v.field);

describe('consentViolations', () => {
  it('has two bases and three media', () => {
    expect(CONSENT_BASES).toEqual(['tacit', 'express']);
    expect(CONSENT_MEDIA).toEqual(['web', 'paper', 'voice']);
  });

  it('accepts no consent at all: the service records one', () => {
    expect(consentViolations(undefined, NOW)).toEqual([]);
  });

  it('accepts a complete consent, and one without its proof', () => {
    expect(consentViolations(CONSENT, NOW)).toEqual([]);
    const { evidenceRef: _, ...withoutProof } = CONSENT;
    expect(consentViolations(withoutProof, NOW)).toEqual([]);
    expect(consentViolations({ ...CONSENT, evidenceRef: undefined }, NOW)).toEqual([]);
  });

  it.each([
    ['tacit', 'paper'],
    ['tacit', 'voice'],
    ['express', 'web'],
    ['express', 'voice'],
  ])('accepts basis %s by %s', (basis, medium) => {
    expect(fields({ basis, medium })).toEqual([]);
  });

  it.each([[null], ['express'], [true], [['express']], [0]])('refuses %p, which is no object', (consent) => {
    expect(lines(consentViolations(consent, NOW))).toEqual([
      'consent: consent must be an object with basis, noticeVersion, acceptedAt and medium, or be left out.',
    ]);
  });

  it('lists every missing field of an empty object, under its path', () => {
    expect(lines(consentViolations({}, NOW))).toEqual([
      'consent.basis: consent.basis must be tacit or express.',
      'consent.noticeVersion: consent.noticeVersion must be 1 to 64 letters, digits, dots, hyphens or underscores (e.g. 2026-01).',
      'consent.acceptedAt: consent.acceptedAt is required: the time of acceptance in epoch milliseconds.',
      'consent.medium: consent.medium must be one of web, paper, voice: how the candidate accepted.',
    ]);
  });

  it('names the fields under the path given (a batch row, say)', () => {
    expect(consentViolations({ ...CONSENT, basis: 'implied' }, NOW, 'candidates[3].consent')).toEqual([
      {
        field: 'candidates[3].consent.basis',
        message: 'candidates[3].consent.basis must be tacit or express.',
      },
    ]);
  });

  it('refuses each unknown key once, by its path', () => {
    expect(lines(consentViolations({ ...CONSENT, signature: 'x', ip: '192.0.2.1' }, NOW))).toEqual([
      'consent.signature: "signature" is not a known field.',
      'consent.ip: "ip" is not a known field.',
    ]);
  });

  it.each([['implied'], ['Express'], [''], [null], [1]])('refuses basis %p', (basis) => {
    expect(fields({ basis })).toEqual(['consent.basis']);
  });

  it.each([['email'], ['Web'], [''], [null], [undefined]])('refuses medium %p (required)', (medium) => {
    expect(fields({ medium })).toEqual(['consent.medium']);
  });

  it.each([['1'], ['v3.1'], ['x'.repeat(64)]])('accepts noticeVersion %p', (noticeVersion) => {
    expect(fields({ noticeVersion })).toEqual([]);
  });

  it.each([[''], ['x'.repeat(65)], ['v 3'], [3], [null], [undefined]])(
    'refuses noticeVersion %p',
    (noticeVersion) => {
      expect(fields({ noticeVersion })).toEqual(['consent.noticeVersion']);
    },
  );

  describe('acceptedAt', () => {
    it.each([
      ['long ago', Date.parse('2020-01-01T00:00:00Z')],
      ['the epoch', 0],
      ['now', NOW],
      ['5 minutes ahead (a client clock ahead of ours)', NOW + 5 * MINUTE],
    ])('accepts %s', (_label, acceptedAt) => {
      expect(fields({ acceptedAt })).toEqual([]);
    });

    it('refuses a time more than 5 minutes ahead of now', () => {
      expect(lines(consentViolations({ ...CONSENT, acceptedAt: NOW + 5 * MINUTE + 1 }, NOW))).toEqual([
        'consent.acceptedAt: consent.acceptedAt must not be in the future (a clock up to 5 minutes ahead is tolerated).',
      ]);
    });

    it.each([
      ['a date text', '2026-03-16T18:00:00Z'],
      ['a number text', String(NOW)],
      ['a fraction', NOW + 0.5],
      ['seconds beyond a safe integer', Number.MAX_SAFE_INTEGER + 1],
      ['before the epoch', -1],
      ['NaN', NaN],
      ['null', null],
      ['absent', undefined],
    ])('refuses %s', (_label, acceptedAt) => {
      expect(fields({ acceptedAt })).toEqual(['consent.acceptedAt']);
    });
  });

  describe('evidenceRef', () => {
    it.each([['x'], ['x'.repeat(200)], ['grabación 2026/03 ☎️'], ['Formulario nº 123 — firmado']])(
      'accepts %p',
      (evidenceRef) => {
        expect(fields({ evidenceRef })).toEqual([]);
      },
    );

    it.each([[''], ['   '], ['x'.repeat(201)], [123], [null], [['FORM-1']]])('refuses %p', (evidenceRef) => {
      expect(lines(consentViolations({ ...CONSENT, evidenceRef }, NOW))).toEqual([
        'consent.evidenceRef: consent.evidenceRef must be a text of 1 to 200 characters, or be left out.',
      ]);
    });

    it.each([['FORM\n123'], ['FORM\t123'], ['FORM\u202E123']])(
      'refuses the characters of %j',
      (evidenceRef) => {
        expect(lines(consentViolations({ ...CONSENT, evidenceRef }, NOW))).toEqual([
          expect.stringMatching(/^consent\.evidenceRef: consent\.evidenceRef must not contain /),
        ]);
      },
    );
  });

  it('lists every broken rule together', () => {
    const consent = {
      basis: 'x',
      noticeVersion: '',
      acceptedAt: NOW + MINUTE * 60,
      medium: 'fax',
      evidenceRef: '',
      extra: 1,
    };
    expect(consentViolations(consent, NOW).map((v) => v.field)).toEqual([
      'consent.extra',
      'consent.basis',
      'consent.noticeVersion',
      'consent.acceptedAt',
      'consent.medium',
      'consent.evidenceRef',
    ]);
  });
});

describe('recordedConsent', () => {
  const REGISTERED_AT = Date.parse('2026-03-16T18:00:00Z');
  const given: Consent = {
    basis: 'express',
    noticeVersion: '2025-07',
    acceptedAt: REGISTERED_AT - 86_400_000,
    medium: 'paper',
    evidenceRef: 'F-1',
  };

  it('keeps the consent the client gave, as it is, whatever the current notice', () => {
    for (const currentNoticeVersion of ['2026-01', null])
      for (const expressByCandidate of [true, false])
        expect(
          recordedConsent({ given, currentNoticeVersion, registeredAt: REGISTERED_AT, expressByCandidate }),
        ).toEqual(given);
  });

  it('without one, records tacit acceptance of the current notice at registration', () => {
    expect(
      recordedConsent({
        currentNoticeVersion: '2026-01',
        registeredAt: REGISTERED_AT,
        expressByCandidate: false,
      }),
    ).toStrictEqual({ basis: 'tacit', noticeVersion: '2026-01', acceptedAt: REGISTERED_AT });
  });

  it('without one, records express acceptance when the candidate accepted', () => {
    expect(
      recordedConsent({
        currentNoticeVersion: '2026-01',
        registeredAt: REGISTERED_AT,
        expressByCandidate: true,
      }),
    ).toStrictEqual({ basis: 'express', noticeVersion: '2026-01', acceptedAt: REGISTERED_AT });
  });

  it('records nothing when the client has no notice', () => {
    for (const expressByCandidate of [true, false])
      expect(
        recordedConsent({ currentNoticeVersion: null, registeredAt: REGISTERED_AT, expressByCandidate }),
      ).toBeNull();
  });

  it('records a consent its own rules accept, but for the medium a client must name', () => {
    const recorded = recordedConsent({
      currentNoticeVersion: '2026-01',
      registeredAt: REGISTERED_AT,
      expressByCandidate: false,
    });
    expect(consentViolations(recorded, REGISTERED_AT).map((v) => v.field)).toEqual(['consent.medium']);
  });
});
