import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The golden and demo files are the publishers' bytes: a file re-saved by an editor (UTF-8 where
 * the SAT writes Windows-1252, LF where it writes CRLF, OFAC's end mark dropped) would still read,
 * and the specs would no longer prove what they claim. These checks catch that.
 */
const ROOTS = [join(__dirname, 'fixtures'), join(__dirname, '../../../../data/watch-lists/demo')];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const all = ROOTS.flatMap(files).filter((path) => !/(README\.md|candidates\.json)$/.test(path));
const named = (pattern: RegExp) => all.filter((path) => pattern.test(path) && statSync(path).size > 0);
const label = (path: string) => relative(join(__dirname, '../../../..'), path);

/** Bytes that are not valid UTF-8 (a Windows-1252 accent alone is one). */
const isUtf8 = (bytes: Buffer) =>
  !new TextDecoder('utf-8', { fatal: false }).decode(bytes).includes('\uFFFD');

describe("golden and demo list files keep their publishers' bytes", () => {
  const sat = named(/\/(sat-69b?)\/.*\.csv$/);
  const ofac = named(/\/ofac-sdn\/[^/]*\.csv$/).filter((path) => !path.includes('not-ofac'));
  const utf8 = named(/\.(xml|jsonl)$/);

  it('finds the files', () => {
    expect(sat.length).toBeGreaterThan(15);
    // golden (sdn, alt, add), demo (sdn, alt, add), real shapes (sdn, sdn_comments)
    expect(ofac).toHaveLength(8);
    expect(utf8.length).toBeGreaterThan(5);
  });

  it.each(sat.map((path) => [label(path), path]))('%s: Windows-1252 with CRLF', (_, path) => {
    const bytes = readFileSync(path);
    expect(bytes.toString('latin1').replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    // An accented letter is one byte: no UTF-8 sequence for Á..ú (0xC3 0x81..0xBA) anywhere.
    expect(bytes.toString('latin1')).not.toMatch(/\u00c3[\u0080-\u00bf]/);
  });

  it.each(ofac.map((path) => [label(path), path]))('%s: CRLF and the Ctrl-Z end mark', (_, path) => {
    const bytes = readFileSync(path);
    expect(bytes[bytes.length - 1]).toBe(0x1a);
    expect(bytes.subarray(0, -1).toString('latin1').replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it.each(utf8.map((path) => [label(path), path]))('%s: UTF-8', (_, path) => {
    expect(isUtf8(readFileSync(path))).toBe(true);
  });

  it('keeps the undefined Windows-1252 bytes the readers must replace', () => {
    const bytes = (path: string) => readFileSync(join(__dirname, 'fixtures', path));
    expect(bytes('sat-69b/Listado_completo_69-B.csv').includes(0x81)).toBe(true);
    expect(bytes('sat-69/CSDsinefectos.csv').includes(0x8d)).toBe(true);
  });
});
