import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { FallbackFonts } from './fallback-fonts';

const dejavu = fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')));

function fallbacks() {
  const opened: number[] = [];
  const fonts = new FallbackFonts(dejavu, (sfnt) => {
    opened.push(sfnt.length);
    return fontkit.create(sfnt);
  });
  return { fonts, opened };
}

/** Runs as `[text, family or null]`. */
const shown = (runs: Array<{ text: string; font: string | null }>) =>
  runs.map((run) => [run.text, run.font?.replace(/-[^-]+$/, '') ?? null]);

describe('FallbackFonts', () => {
  it('needs nothing for what DejaVu Sans sets: Latin, Greek, Cyrillic, Spanish punctuation', async () => {
    const { fonts, opened } = fallbacks();
    const texts = ['José Ángel Núñez', 'Ζωή Παπαδοπούλου', 'Пётр Щукин', '¿Señalado? ¡No!', 'Łukasz Nguyễn'];
    for (const text of texts) expect(fonts.needsFallback(text)).toBe(false);
    const prepared = await fonts.prepare(texts);
    expect(prepared.fonts.size).toBe(0);
    expect(opened).toEqual([]);
    expect(prepared.runs('José')).toEqual([{ text: 'José', font: null }]);
  });

  it('reads only the files of the characters a text holds (a few KB each, not a whole CJK font)', async () => {
    const { fonts, opened } = fallbacks();
    const prepared = await fonts.prepare(['王 小明']);
    expect([...prepared.fonts.keys()].every((key) => key.startsWith('noto-sans-sc-'))).toBe(true);
    expect(prepared.fonts.size).toBeLessThanOrEqual(3);
    expect(opened.every((bytes) => bytes < 400_000)).toBe(true);
    expect(shown(prepared.runs('王 小明'))).toEqual([
      ['王', 'noto-sans-sc'],
      [' ', null],
      ['小明', 'noto-sans-sc'],
    ]);
  });

  it('keeps the files it read for the next documents', async () => {
    const { fonts, opened } = fallbacks();
    await fonts.prepare(['王小明']);
    const read = opened.length;
    await fonts.prepare(['王小明']);
    expect(opened.length).toBe(read);
  });

  it.each([
    ['Japanese (kana first)', 'やまだ 太郎', 'noto-sans-jp'],
    ['Korean', '김민준', 'noto-sans-kr'],
    ['Chinese', '张伟', 'noto-sans-sc'],
    ['Devanagari', 'राहुल', 'noto-sans-devanagari'],
    ['Thai', 'สมชาย', 'noto-sans-thai'],
    ['Hebrew (DejaVu has it, but cannot turn it right to left)', 'דוד', 'noto-sans-hebrew'],
    ['Arabic (DejaVu has it, but cannot join its letters)', 'محمد', 'noto-sans-arabic'],
  ])('sets %s in its Noto font', async (_script, text, family) => {
    const { fonts } = fallbacks();
    expect(fonts.needsFallback(text)).toBe(true);
    const prepared = await fonts.prepare([text]);
    const families = new Set(prepared.runs(text).flatMap((run) => (run.font ? [run.font] : [])));
    for (const font of families) expect(font.startsWith(family)).toBe(true);
    expect(families.size).toBeGreaterThan(0);
  });

  it('prints right-to-left words last word first, in a left-to-right line (fontkit turns each word around)', async () => {
    const { fonts } = fallbacks();
    const text = 'Sr. محمد علي García';
    const prepared = await fonts.prepare([text]);
    expect(shown(prepared.runs(text))).toEqual([
      ['Sr. ', null],
      ['علي', 'noto-sans-arabic'],
      [' ', null],
      ['محمد', 'noto-sans-arabic'],
      [' García', null],
    ]);
  });

  it('keeps combining marks and joiners with the letter before them', async () => {
    const { fonts } = fallbacks();
    const text = 'क्षत्रिय'; // virama and vowel signs
    const prepared = await fonts.prepare([text]);
    expect(shown(prepared.runs(text))).toEqual([[text, 'noto-sans-devanagari']]);
  });
});
