import { readFile } from 'node:fs/promises';
import type { Font, Glyph } from 'fontkit';
import type PDFKitDocument from 'pdfkit';
import { FallbackFonts } from './fallback-fonts';

/**
 * The faces a report is set in: DejaVu Sans (dejavu-fonts-ttf, Bitstream Vera licence), embedded
 * by pdfkit with only the glyphs a document uses. The 14 standard PDF fonts know Latin-1 and no
 * more; DejaVu covers Latin, Greek, Cyrillic and Vietnamese, and the embedded font carries a map
 * back to Unicode, so names copy and search as they were written. What DejaVu lacks or cannot lay
 * out (Chinese, Japanese, Korean, Arabic, Hebrew, Devanagari, Thai) is set in Noto Sans, read only
 * when a report needs it (fallback-fonts.ts) and embedded the same way.
 */
export const FACES = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' } as const;

/** pdfkit and the two faces, parsed once and ready for every document, and the fonts they fall back on. */
export interface ReportAssets {
  PDFDocument: typeof PDFKitDocument;
  regular: Font;
  bold: Font;
  /** The scripts DejaVu Sans lacks or cannot lay out (CJK, Arabic, Hebrew, Devanagari, Thai): fallback-fonts.ts. */
  fallbacks: FallbackFonts;
}

const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
};

/**
 * A parsed font as every report shares it (pdfkit takes one in place of a file). Two changes to
 * what fontkit does with it:
 *
 * - No OpenType layout tables (unless `layout`: the fallback fonts of scripts that need them): fontkit then sets text with the font's `kern` table and its own
 *   placement of combining marks instead of running every OpenType feature of the script over each
 *   word. That shaping was a third of a report's CPU, four times the simple path, for the same
 *   advances (DejaVu keeps its kerning in both tables). What it drops (contextual forms of Arabic
 *   or Indic scripts, ligatures) a report's Latin, Greek or Cyrillic text does not need; the domain
 *   composes it (NFC) so accented letters are single glyphs.
 * - Each use of a glyph keeps the characters it stands for. fontkit caches a glyph with the
 *   characters of its first use, and pdfkit maps a glyph back to Unicode with them: a glyph first
 *   met as a part of another (Cyrillic П inside Greek Π, dotless ı inside i, when an earlier report
 *   embedded those) would read back as nothing in every later report.
 */
export function sharedFont(font: Font, layout = false): Font {
  const shared: Font = Object.create(font, {
    ...(layout ? {} : { GSUB: { value: undefined }, GPOS: { value: undefined } }),
    getGlyph: {
      value: (id: number, characters: number[] = []): Glyph => {
        const glyph = font.getGlyph.call(shared, id, characters);
        const same =
          characters.length === 0 ||
          (glyph.codePoints.length === characters.length &&
            glyph.codePoints.every((c, i) => c === characters[i]));
        return same ? glyph : (Object.create(glyph, { codePoints: { value: characters } }) as Glyph);
      },
    },
  });
  return shared;
}

/**
 * A fallback font whose vertical metrics are the report's face's, in its own units: pdfkit sets
 * each run of a line on the ascender of its own font, and Noto's taller ascenders (room for Arabic
 * or Thai marks) dropped a fallback run below the line's baseline; with one ascender, descender and
 * gap, every run of a line stands on one baseline and lines keep their height.
 */
export function withMetricsOf(font: Font, primary: Font): Font {
  const scale = font.unitsPerEm / primary.unitsPerEm;
  return Object.create(font, {
    ascent: { value: primary.ascent * scale },
    descent: { value: primary.descent * scale },
    lineGap: { value: primary.lineGap * scale },
  }) as Font;
}

let assets: Promise<ReportAssets> | undefined;

/**
 * pdfkit and the fonts, loaded with the first report rather than with the module: the barrel of
 * adapters brings the renderer into the processor too, which never renders one, and pdfkit with
 * its font tables costs a process 23 MB of memory. Each font is parsed once: given the file,
 * pdfkit would parse it again for each report, and its glyph and layout tables with it.
 */
export function loadReportAssets(): Promise<ReportAssets> {
  return (assets ??= (async () => {
    const [pdfkit, fontkit, regular, bold] = await Promise.all([
      import('pdfkit'),
      import('fontkit'),
      readFile(require.resolve(FONT_FILES.regular)),
      readFile(require.resolve(FONT_FILES.bold)),
    ]);
    const primary = sharedFont(fontkit.create(regular));
    return {
      PDFDocument: pdfkit.default,
      regular: primary,
      bold: sharedFont(fontkit.create(bold)),
      // Arabic joins its letters and both it and Hebrew run right to left: fontkit needs the
      // fallback fonts' layout tables to shape them (and turns a right-to-left run around only then).
      fallbacks: new FallbackFonts(primary, (sfnt) =>
        withMetricsOf(sharedFont(fontkit.create(sfnt), true), primary),
      ),
    };
  })());
}
