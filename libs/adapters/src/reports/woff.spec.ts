import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { woffToSfnt } from './woff';

const file = (name: string) => readFileSync(require.resolve(`@fontsource/${name}`));

describe('woffToSfnt', () => {
  it.each([
    ['a CJK file', 'noto-sans-sc/files/noto-sans-sc-118-400-normal.woff', '小明'],
    [
      'an Arabic file (layout tables kept)',
      'noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff',
      'محمد',
    ],
  ])('unwraps %s into the font fontkit reads from the WOFF itself', (_name, path, text) => {
    const woff = file(path);
    const sfnt = woffToSfnt(woff);
    const direct = fontkit.create(woff);
    const unwrapped = fontkit.create(sfnt);
    expect(unwrapped.postscriptName).toBe(direct.postscriptName);
    expect(unwrapped.numGlyphs).toBe(direct.numGlyphs);
    type Laid = { glyphs: Array<{ id: number; advanceWidth: number }> };
    const advances = (font: typeof direct) =>
      (font as unknown as { layout(text: string): Laid })
        .layout(text)
        .glyphs.map((glyph) => [glyph.id, glyph.advanceWidth]);
    expect(advances(unwrapped)).toEqual(advances(direct));
  });

  it('refuses what is not a WOFF 1.0 font', () => {
    expect(() => woffToSfnt(Buffer.from('not a font at all, but long enough to have a header.....'))).toThrow(
      'Not a WOFF 1.0 font',
    );
  });
});
