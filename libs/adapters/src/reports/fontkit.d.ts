// fontkit (a dependency of pdfkit) ships no types: what the report fonts use of it.
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    /** The characters the glyph stands for, as a run of text met it. */
    codePoints: number[];
  }
  /** A parsed font; pdfkit lays text out with it (`layout`) and embeds the glyphs a document uses. */
  export interface Font {
    postscriptName: string;
    unitsPerEm: number;
    numGlyphs: number;
    ascent: number;
    descent: number;
    lineGap: number;
    layout: (...args: never[]) => unknown;
    getGlyph(id: number, characters?: number[]): Glyph;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Uint8Array): Font;
}
