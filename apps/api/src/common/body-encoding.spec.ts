import * as iconv from 'iconv-lite';
import { charsetOf, decodeCsvBody, decodeJsonBody, JSON_NOT_UTF8 } from './body-encoding';

const NAME = 'Raúl Núñez, Peña Ávila';
const latin1 = (text: string) => iconv.encode(text, 'windows-1252');
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('decodeJsonBody', () => {
  it.each([
    ['UTF-8', Buffer.from(`{"name":"${NAME}"}`), `{"name":"${NAME}"}`],
    ['UTF-8 with a byte-order mark', Buffer.concat([BOM, Buffer.from('{"a":1}')]), '{"a":1}'],
    ['ASCII', Buffer.from('{"a":"b"}'), '{"a":"b"}'],
  ])('reads %s', (_label, body, text) => {
    expect(decodeJsonBody(body)).toEqual({ text });
  });

  it.each([
    ['Latin-1 bytes', latin1('{"name":"José"}')],
    ['a truncated sequence', Buffer.from([0x7b, 0x22, 0xc3, 0x22, 0x7d])],
    ['an overlong encoding', Buffer.from([0x22, 0xc0, 0xaf, 0x22])],
    ['an encoded surrogate', Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22])],
  ])('refuses %s', (_label, body) => {
    expect(decodeJsonBody(body)).toEqual({ problem: JSON_NOT_UTF8 });
  });
});

describe('charsetOf', () => {
  it.each([
    ['text/csv', undefined],
    ['text/csv; charset=utf-8', 'utf-8'],
    ['text/csv;charset="Windows-1252"', 'windows-1252'],
    ['text/csv; header=present; Charset=ISO-8859-1', 'iso-8859-1'],
    ['not a media type', undefined],
    [undefined, undefined],
  ])('%p -> %p', (header, charset) => {
    expect(charsetOf(header)).toBe(charset);
  });
});

describe('decodeCsvBody', () => {
  it.each([
    ['UTF-8', Buffer.from(NAME), 'text/csv'],
    ["UTF-8 with Excel's byte-order mark", Buffer.concat([BOM, Buffer.from(NAME)]), 'text/csv'],
    ["Excel's Windows-1252, no charset", latin1(NAME), 'text/csv'],
    ['Windows-1252 as declared', latin1(NAME), 'text/csv; charset=windows-1252'],
    ['ISO-8859-1 as declared', iconv.encode(NAME, 'latin1'), 'text/csv; charset=ISO-8859-1'],
    [
      'UTF-8 as declared, with a byte-order mark',
      Buffer.concat([BOM, Buffer.from(NAME)]),
      'text/csv; charset=UTF-8',
    ],
    ['UTF-16LE with its byte-order mark', iconv.encode(NAME, 'utf-16le', { addBOM: true }), 'text/csv'],
    ['UTF-16BE with its byte-order mark', iconv.encode(NAME, 'utf-16be', { addBOM: true }), 'text/csv'],
    ['UTF-16 as declared', iconv.encode(NAME, 'utf-16le', { addBOM: true }), 'text/csv; charset=utf-16'],
  ])('reads %s', (_label, body, contentType) => {
    expect(decodeCsvBody(body, contentType)).toEqual({ text: NAME });
  });

  it('reads the Windows-1252 letters that Latin-1 lacks (€, Š, Ž, curly quotes)', () => {
    expect(decodeCsvBody(latin1('“Šárka” Žák €'), 'text/csv')).toEqual({ text: '“Šárka” Žák €' });
  });

  it.each([
    [
      'UTF-8 declared, Latin-1 sent',
      latin1(NAME),
      'text/csv; charset=utf-8',
      /not valid UTF-8, although Content-Type says charset=utf-8/,
    ],
    [
      'an unknown charset',
      Buffer.from(NAME),
      'text/csv; charset=klingon',
      /charset "klingon", which the api cannot read/,
    ],
    [
      'a byte Windows-1252 does not define',
      Buffer.from([0x41, 0x81, 0x42]),
      'text/csv',
      /not characters of Windows-1252/,
    ],
  ])('refuses %s, saying how to save the sheet', (_label, body, contentType, problem) => {
    const decoded = decodeCsvBody(body, contentType);
    expect(decoded).toEqual({ problem: expect.stringMatching(problem) });
    expect((decoded as { problem: string }).problem).toContain('CSV UTF-8 (Comma delimited)');
  });
});
