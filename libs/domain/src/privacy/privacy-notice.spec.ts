import type { FieldViolation } from '../errors';
import { noticeVersionViolations, PURPOSE_KINDS, privacyNoticeViolations } from './privacy-notice';

const NOTICE = {
  version: '2026-01',
  url: 'https://acme.mx/aviso-de-privacidad',
  purposes: [
    { name: 'Verificar los antecedentes del candidato', kind: 'necessary' },
    { name: 'Enviarle ofertas de empleo', kind: 'voluntary' },
  ],
};

const lines = (violations: FieldViolation[]) => violations.map((v) => `${v.field}: ${v.message}`);
const fields = (input: Record<string, unknown>) =>
  privacyNoticeViolations({ ...NOTICE, ...input }).map((v) => v.field);

describe('privacyNoticeViolations', () => {
  it('accepts a notice with a version, an address and its purposes', () => {
    expect(privacyNoticeViolations(NOTICE)).toEqual([]);
    expect(PURPOSE_KINDS).toEqual(['necessary', 'voluntary']);
  });

  it('requires every field, and names each once', () => {
    expect(lines(privacyNoticeViolations({}))).toEqual([
      'version: version must be 1 to 64 letters, digits, dots, hyphens or underscores (e.g. 2026-01).',
      'url: url must be the absolute http or https address of the notice.',
      'purposes: purposes must be a list of 1 to 50 purposes, each with a name and a kind.',
    ]);
  });

  describe('version', () => {
    it.each(['1', 'v3.1', '2026-01', 'aviso_2026.v2', 'x'.repeat(64)])('accepts %p', (version) => {
      expect(fields({ version })).toEqual([]);
    });

    it.each([
      [''],
      ['x'.repeat(65)],
      ['v 3'],
      ['v3/1'],
      ['versión'],
      [' v3'],
      ['v3\n'],
      [3],
      [null],
      [['v3']],
    ])('refuses %p', (version) => {
      expect(fields({ version })).toEqual(['version']);
    });

    it('is the one rule for a version, under any path', () => {
      expect(noticeVersionViolations('v3', 'consent.noticeVersion')).toEqual([]);
      expect(lines(noticeVersionViolations('', 'consent.noticeVersion'))).toEqual([
        'consent.noticeVersion: consent.noticeVersion must be 1 to 64 letters, digits, dots, hyphens or underscores (e.g. 2026-01).',
      ]);
    });
  });

  describe('url', () => {
    it.each([
      'https://acme.mx/aviso',
      'http://acme.mx',
      'HTTPS://ACME.MX/Aviso',
      'https://acme.mx:8443/aviso?v=3#fines',
      'https://192.0.2.7/aviso',
      'https://acme.mx/avíso-de-privacidad',
      `https://acme.mx/${'a'.repeat(2048 - 'https://acme.mx/'.length)}`,
    ])('accepts %p', (url) => {
      expect(fields({ url })).toEqual([]);
    });

    it.each([
      ['', 'empty'],
      ['acme.mx/aviso', 'no scheme'],
      ['/aviso', 'relative'],
      ['ftp://acme.mx/aviso', 'not the web'],
      ['javascript:alert(1)', 'not the web'],
      ['mailto:privacidad@acme.mx', 'not the web'],
      ['http:acme.mx', 'no slashes (a browser would guess)'],
      ['https://', 'no host'],
      ['https:///aviso', 'no host'],
      [' https://acme.mx', 'a space a browser would trim'],
      ['https://acme.mx/aviso de privacidad', 'a space inside'],
      ['https://acme.mx/\u0007', 'a control character'],
      ['https://acme .mx', 'a host that is no host'],
      [42, 'not a string'],
    ])('refuses %p (%s)', (url: unknown, _why: string) => {
      expect(fields({ url })).toEqual(['url']);
    });

    it('names the length when the address is too long', () => {
      const url = `https://acme.mx/${'a'.repeat(2049 - 'https://acme.mx/'.length)}`;
      expect(lines(privacyNoticeViolations({ ...NOTICE, url }))).toEqual([
        'url: url must be at most 2048 characters.',
      ]);
    });
  });

  describe('purposes', () => {
    it.each([
      [[], 'empty'],
      [undefined, 'absent'],
      [null, 'null'],
      [{ name: 'Verificar', kind: 'necessary' }, 'one purpose, not a list'],
      ['Verificar', 'a text'],
      [Array.from({ length: 51 }, (_, i) => ({ name: `Fin ${i}`, kind: 'voluntary' })), '51 purposes'],
    ])('refuses %p (%s)', (purposes: unknown, _why: string) => {
      expect(fields({ purposes })).toEqual(['purposes']);
    });

    it('accepts 50 purposes', () => {
      const purposes = Array.from({ length: 50 }, (_, i) => ({ name: `Fin ${i}`, kind: 'voluntary' }));
      expect(fields({ purposes })).toEqual([]);
    });

    it('names each broken purpose by its position', () => {
      const purposes = [
        { name: 'Verificar', kind: 'necessary' },
        { name: '  ', kind: 'optional' },
        'Publicidad',
        { name: 'x'.repeat(201), kind: 'voluntary', consent: true },
        { name: 'Fines\u202Eocultos', kind: 'voluntary' },
        null,
        { kind: 'necessary' },
      ];
      expect(lines(privacyNoticeViolations({ ...NOTICE, purposes }))).toEqual([
        'purposes[1].name: purposes[1].name is required: what the data is used for (1 to 200 characters).',
        'purposes[1].kind: purposes[1].kind must be necessary or voluntary (a purpose the candidate may refuse).',
        'purposes[2]: purposes[2] must be an object with a name and a kind.',
        'purposes[3].consent: "consent" is not a known field.',
        'purposes[3].name: purposes[3].name must be at most 200 characters.',
        'purposes[4].name: purposes[4].name must not contain bidirectional text controls (they reorder what is printed): found U+202E.',
        'purposes[5]: purposes[5] must be an object with a name and a kind.',
        'purposes[6].name: purposes[6].name is required: what the data is used for (1 to 200 characters).',
      ]);
    });

    it('counts characters as a person does, and takes an emoji', () => {
      const purposes = [{ name: `${'é'.repeat(199)}👍`, kind: 'voluntary' }];
      expect(fields({ purposes })).toEqual([]);
    });

    it.each([['Verificar\ttodo'], ['Verificar\ntodo'], ['Verificar\u2028todo']])(
      'refuses the free-text characters of %j',
      (name) => {
        expect(fields({ purposes: [{ name, kind: 'necessary' }] })).toEqual(['purposes[0].name']);
      },
    );

    it('refuses a purpose listed twice, whatever its case, accents or spacing', () => {
      const purposes = [
        { name: 'Envío de ofertas', kind: 'voluntary' },
        { name: 'Verificar', kind: 'necessary' },
        { name: ' ENVIO  de ofertas', kind: 'necessary' },
      ];
      expect(lines(privacyNoticeViolations({ ...NOTICE, purposes }))).toEqual([
        'purposes[2].name: purposes[2].name repeats purposes[0].name: list each purpose once.',
      ]);
    });
  });
});
