// talisman ships plain CommonJS without type declarations: these cover the modules the matcher uses.

declare module 'talisman/metrics/damerau-levenshtein' {
  /** Edits (insertion, deletion, substitution, transposition of neighbours) between two strings. */
  function damerauLevenshtein(a: string, b: string): number;
  namespace damerauLevenshtein {
    /** The distance when it is at most `max`, else `Infinity` (stops early). */
    function limited(max: number, a: string, b: string): number;
  }
  export = damerauLevenshtein;
}

declare module 'talisman/phonetics/double-metaphone' {
  /** Lawrence Philips' Double Metaphone: the primary and the alternate code, 4 characters at most. */
  function doubleMetaphone(word: string): [string, string];
  export = doubleMetaphone;
}
