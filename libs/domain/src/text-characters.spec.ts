import { textCharacterViolations, TextKind } from './text-characters';

const CONTROL = 'control characters';
const BIDI = 'bidirectional text controls';
const INVISIBLE = 'invisible formatting characters';
const EMOJI = 'emoji or pictographs';

describe('textCharacterViolations', () => {
  describe('names', () => {
    it.each([
      ['Juan\u0007', CONTROL, 'U+0007'], // BEL
      ['Juan\u001b[31m', CONTROL, 'U+001B'], // ESC of a terminal colour
      ['Juan\nCarlos', CONTROL, 'U+000A'],
      ['Juan\r\nCarlos', CONTROL, 'U+000D'],
      ['\tJuan', CONTROL, 'U+0009'],
      ['Juan\u007f', CONTROL, 'U+007F'], // DEL
      ['Juan\u0085', CONTROL, 'U+0085'], // C1 next line
      ['Juan\u009b', CONTROL, 'U+009B'], // C1 CSI
      ['Juan\u2028Carlos', CONTROL, 'U+2028'], // line separator
      ['Juan\u2029', CONTROL, 'U+2029'], // paragraph separator
      ['\u202eznauJ', BIDI, 'U+202E'], // right-to-left override
      ['Juan\u202a', BIDI, 'U+202A'],
      ['Juan\u202c', BIDI, 'U+202C'],
      ['\u2066Juan\u2069', BIDI, 'U+2066'], // isolates
      ['Juan\u2068', BIDI, 'U+2068'],
      ['Juan\u200f', BIDI, 'U+200F'], // right-to-left mark
      ['Ju\u200ban', INVISIBLE, 'U+200B'], // zero-width space
      ['Hernán\u00addez', INVISIBLE, 'U+00AD'], // soft hyphen
      ['Juan\u2060', INVISIBLE, 'U+2060'], // word joiner
      ['\ufeffJuan', INVISIBLE, 'U+FEFF'], // byte-order mark
      ['Juan\u{e0041}', INVISIBLE, 'U+E0041'], // tag character
      ['Ju\u200dan', INVISIBLE, 'U+200D'], // a joiner inside a Latin name
      ['Juan\u200c', INVISIBLE, 'U+200C'], // a joiner at the end
      ['Jos\ufffd', 'the replacement character', 'U+FFFD'], // a Latin-1 "José" read as UTF-8
      ['Juan 😀', EMOJI, 'U+1F600'],
      ['😀Juan', EMOJI, 'U+1F600'],
      ['Ana 👍🏽', EMOJI, 'U+1F44D'], // with a skin-tone modifier
      ['Ana\u{1f3fd}', EMOJI, 'U+1F3FD'], // the modifier alone
      ['Familia 👨\u200d👩\u200d👧', EMOJI, 'U+1F468'], // a joined sequence: its first pictograph
      ['México 🇲🇽', EMOJI, 'U+1F1F2'], // a flag: regional indicators
      ['Aerolíneas ✈', EMOJI, 'U+2708'], // a pictograph of text presentation
      ['Aerolíneas ✈\ufe0f', EMOJI, 'U+2708'],
      ['Juan\ufe0f', EMOJI, 'U+FE0F'], // the emoji variation selector alone
      ['Lote 1\ufe0f\u20e3', EMOJI, 'U+FE0F'], // a keycap
      ['Juan ❤', EMOJI, 'U+2764'],
      ['Juan ☺', EMOJI, 'U+263A'],
    ])('refuses %j (%s)', (value, why, codePoint) => {
      expect(textCharacterViolations('name', value, 'name')).toEqual([
        {
          field: 'name',
          message: expect.stringMatching(
            new RegExp(`^name must not contain ${why} .*: found ${codePoint.replace('+', '\\+')}\\.$`),
          ),
        },
      ]);
    });

    it.each([
      'Juan Carlos',
      'José Ángel',
      "O'Connor",
      'Núñez-Güemes',
      'María de la Luz',
      'Łukasz Nguyễn',
      'Zoë',
      'Νίκος Παπαδόπουλος',
      'Пётр Иванов',
      'Jose\u0301', // a combining accent
      'Transportes del Bajío, S.A. de C.V.',
      '李小龍',
      'محمد',
      'می\u200cخواهم', // Persian: the non-joiner between two letters is spelling
      'क्\u200dष', // Devanagari: the joiner between two letters
      'Acme® de México, S.A.', // the trade signs companies write in their names
      'Grupo Ñandú™',
      '© Ediciones del Sur',
      'Empresa #1 * 2', // characters that only start an emoji (a keycap) when followed by one
      '山田 太郎',
      '김민준',
    ])('accepts %j', (value) => {
      expect(textCharacterViolations('name', value, 'name')).toEqual([]);
    });
  });

  describe('free text', () => {
    it.each([
      ['Producción\n', CONTROL],
      ['tab\there', CONTROL],
      ['\u001b]8;;http://evil\u0007', CONTROL],
      ['Webhook \u0085', CONTROL],
      ['abc\u202edcb', BIDI],
      ['\u2067abc', BIDI],
    ])('refuses %j (%s)', (value, why) => {
      const [violation] = textCharacterViolations('description', value, 'free text');
      expect(violation).toEqual({ field: 'description', message: expect.stringContaining(why) });
    });

    it.each(['Producción — RRHH', 'Alertas 🚨', 'Familia 👨\u200d👩\u200d👧', 'a\u00adb', 'OK ✅\ufe0f'])(
      'accepts %j',
      (value) => {
        expect(textCharacterViolations('description', value, 'free text')).toEqual([]);
      },
    );
  });

  it('names the JSON path in `field` and the field in the message', () => {
    expect(textCharacterViolations('references[1].name', 'A\u0000', 'name', 'name')).toEqual([
      {
        field: 'references[1].name',
        message: expect.stringMatching(/^name must not contain control characters .*: found U\+0000\.$/),
      },
    ]);
  });

  it.each<[unknown, TextKind]>([
    [undefined, 'name'],
    [null, 'name'],
    [42, 'free text'],
  ])('leaves a value that is not a string to the type rules (%p)', (value, kind) => {
    expect(textCharacterViolations('name', value, kind)).toEqual([]);
  });
});
