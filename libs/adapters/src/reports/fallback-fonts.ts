import { readFile } from 'node:fs/promises';
import { BoundedCache } from '@app/domain';
import type { Font } from 'fontkit';
import { woffToSfnt } from './woff';

/**
 * The fonts a report falls back on for the scripts DejaVu Sans lacks (CJK, Devanagari, Thai) or
 * cannot lay out the way the report sets it (Arabic and Hebrew are written right to left, Arabic
 * letters join). Noto Sans from the @fontsource packages (SIL Open Font License), whose files are
 * cut by Unicode range: Chinese, Japanese and Korean in about a hundred files of 2-60 KB each, so a
 * report with a Chinese name reads the two or three files its characters are in, never a 10 MB
 * font. Nothing is read until a report holds such a character; the files read are kept (at most
 * `KEPT_FILES`) for the next reports. pdfkit embeds only the glyphs a document uses.
 */

/** The families, in the order a character is looked for in them (CJK: see `familiesFor`). */
const SCRIPT_FAMILIES = ['noto-sans-arabic', 'noto-sans-hebrew', 'noto-sans-devanagari', 'noto-sans-thai'];
const CJK = { chinese: 'noto-sans-sc', japanese: 'noto-sans-jp', korean: 'noto-sans-kr' } as const;
const WEIGHT = 400;

/**
 * Files kept parsed between reports. A CJK file unwrapped is 50-150 KB, a whole report needs a
 * handful: 48 of them bound what a stream of reports in many scripts keeps to a few megabytes.
 */
const KEPT_FILES = 48;

/** Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko... and their presentation forms). */
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
/** What stays with the character before it: combining marks, joiners, variation selectors. */
const ATTACHED = /^(?:\p{M}|\u200C|\u200D|[\uFE00-\uFE0F])$/u;
const SPACE = /\s/u;
const KANA = /[\u3040-\u30FF\u31F0-\u31FF\uFF66-\uFF9F]/u;
const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7AF]/u;
/** Characters DejaVu Sans sets as the report needs (Latin, Greek, Cyrillic, Armenian, punctuation). */
const PRIMARY_ONLY = /^[\u0020-\u058F\u1E00-\u20CF\u2100-\u218F]*$/u;

/** One file of a family (a @fontsource subset) and the code points it covers, as sorted [start, end] pairs. */
interface Part {
  key: string;
  path: string;
  ranges: Int32Array;
}

const covers = (part: Part, codePoint: number): boolean => {
  let low = 0;
  let high = part.ranges.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (codePoint < part.ranges[middle * 2]) high = middle - 1;
    else if (codePoint > part.ranges[middle * 2 + 1]) low = middle + 1;
    else return true;
  }
  return false;
};

/** `U+4e3b, U+4e4c-4e4f` as sorted pairs. */
function parseRanges(text: string): Int32Array {
  const pairs = text
    .split(',')
    .map((range) => range.trim().replace(/^U\+/i, ''))
    .filter((range) => range !== '')
    .map((range) => {
      const [start, end = start] = range.split('-');
      return [parseInt(start, 16), parseInt(end, 16)] as const;
    })
    .sort((a, b) => a[0] - b[0]);
  return Int32Array.from(pairs.flat());
}

async function partsOf(family: string): Promise<Part[]> {
  const catalogue = require.resolve(`@fontsource/${family}/unicode.json`);
  const subsets = JSON.parse(await readFile(catalogue, 'utf8')) as Record<string, string>;
  return Object.entries(subsets).map(([subset, ranges]) => {
    const name = subset.replace(/^\[(\d+)\]$/, '$1');
    return {
      key: `${family}-${name}`,
      path: require.resolve(`@fontsource/${family}/files/${family}-${name}-${WEIGHT}-normal.woff`),
      ranges: parseRanges(ranges),
    };
  });
}

/** The families to look a text's characters up in: Japanese first for a text with kana, Korean with Hangul. */
function familiesFor(text: string): string[] {
  const cjk = KANA.test(text)
    ? [CJK.japanese, CJK.chinese, CJK.korean]
    : HANGUL.test(text)
      ? [CJK.korean, CJK.chinese, CJK.japanese]
      : [CJK.chinese, CJK.japanese, CJK.korean];
  return [...SCRIPT_FAMILIES, ...cjk];
}

/** A run of a text set in one font: `font` null for the report's own face, else a fallback file's key. */
export interface TextRun {
  text: string;
  font: string | null;
}

/** The fallback fonts of one document: those its texts need, loaded, and how each text splits into runs. */
export interface DocumentFonts {
  /** Key and parsed font of each fallback the document uses, to register with pdfkit under the key. */
  readonly fonts: ReadonlyMap<string, Font>;
  /** The text in runs (one run in the report's face when it needs no fallback), in visual order. */
  runs(text: string): TextRun[];
}

/**
 * Loads, shares and bounds the fallback files. `prepare` reads what a document's texts need (and
 * nothing for a text DejaVu Sans sets alone); `runs` then splits each text synchronously while
 * pdfkit lays the document out.
 */
export class FallbackFonts {
  private catalogue: Promise<Map<string, Part[]>> | null = null;
  private readonly loaded = new BoundedCache<string, Promise<Font>>({ maxEntries: KEPT_FILES });

  constructor(
    /** The report's own face (DejaVu Sans): a character it has is set in it. */
    private readonly primary: Font,
    /** A fontkit font from a TrueType/OpenType file, ready to share between documents. */
    private readonly open: (sfnt: Buffer) => Font,
  ) {}

  /** Whether a text needs more than the report's own face. */
  needsFallback(text: string): boolean {
    if (PRIMARY_ONLY.test(text)) return false;
    for (const character of text) {
      if (ATTACHED.test(character) || SPACE.test(character)) continue;
      if (RTL.test(character) || !this.primary.hasGlyphForCodePoint(character.codePointAt(0)!)) return true;
    }
    return false;
  }

  async prepare(texts: Iterable<string>): Promise<DocumentFonts> {
    const fonts = new Map<string, Font>();
    const wanted = [...new Set(texts)].filter((text) => this.needsFallback(text));
    if (wanted.length > 0) {
      const catalogue = await this.catalogueOf();
      for (const text of wanted)
        for (const character of text) {
          if (!this.wantsFallback(character)) continue;
          const codePoint = character.codePointAt(0)!;
          for (const part of candidatesOf(catalogue, familiesFor(text), codePoint)) {
            const font = fonts.get(part.key) ?? (await this.load(part));
            if (!font.hasGlyphForCodePoint(codePoint)) continue;
            fonts.set(part.key, font);
            break;
          }
        }
    }
    const catalogue = fonts.size > 0 ? await this.catalogueOf() : new Map<string, Part[]>();
    return {
      fonts,
      runs: (text) =>
        this.needsFallback(text) ? this.split(text, catalogue, fonts) : [{ text, font: null }],
    };
  }

  private wantsFallback(character: string): boolean {
    if (ATTACHED.test(character) || SPACE.test(character)) return false;
    return RTL.test(character) || !this.primary.hasGlyphForCodePoint(character.codePointAt(0)!);
  }

  private split(text: string, catalogue: Map<string, Part[]>, fonts: ReadonlyMap<string, Font>): TextRun[] {
    const families = familiesFor(text);
    const runs: Array<TextRun & { rtl: boolean }> = [];
    for (const character of text) {
      const last = runs[runs.length - 1];
      if (last && ATTACHED.test(character)) {
        last.text += character;
        continue;
      }
      let font: string | null = null;
      if (this.wantsFallback(character)) {
        const codePoint = character.codePointAt(0)!;
        font =
          candidatesOf(catalogue, families, codePoint).find((part) =>
            fonts.get(part.key)?.hasGlyphForCodePoint(codePoint),
          )?.key ?? null;
      }
      const rtl = font !== null && RTL.test(character);
      if (last && last.font === font && last.rtl === rtl) last.text += character;
      else runs.push({ text: character, font, rtl });
    }
    return inVisualOrder(runs).map(({ text: run, font }) => ({ text: run, font }));
  }

  private catalogueOf(): Promise<Map<string, Part[]>> {
    return (this.catalogue ??= (async () => {
      const families = [...SCRIPT_FAMILIES, ...Object.values(CJK)];
      const parts = await Promise.all(families.map(partsOf));
      return new Map(families.map((family, i) => [family, parts[i]]));
    })());
  }

  private load(part: Part): Promise<Font> {
    let font = this.loaded.get(part.key);
    if (!font) {
      font = readFile(part.path).then((woff) => this.open(woffToSfnt(woff)));
      this.loaded.set(part.key, font);
      font.catch(() => this.loaded.delete(part.key));
    }
    return font;
  }
}

function candidatesOf(
  catalogue: Map<string, Part[]>,
  families: readonly string[],
  codePoint: number,
): Part[] {
  return families.flatMap((family) =>
    (catalogue.get(family) ?? []).filter((part) => covers(part, codePoint)),
  );
}

/**
 * Runs in the order they are printed, left to right. pdfkit sets a line left to right and fontkit
 * turns each right-to-left run (one word: spaces are runs of their own) around; words of Arabic or
 * Hebrew separated by spaces must then be printed last word first, as the Unicode bidirectional
 * algorithm places them in a left-to-right line (`محمد علي` reads right to left).
 */
function inVisualOrder<R extends TextRun & { rtl: boolean }>(runs: readonly R[]): R[] {
  const ordered: R[] = [];
  for (let i = 0; i < runs.length;) {
    if (!runs[i].rtl) {
      ordered.push(runs[i++]);
      continue;
    }
    let end = i + 1;
    while (end + 1 < runs.length && isSpace(runs[end]) && runs[end + 1].rtl) end += 2;
    ordered.push(...runs.slice(i, end).reverse());
    i = end;
  }
  return ordered;
}

const isSpace = (run: TextRun): boolean => run.font === null && /^\s+$/u.test(run.text);
