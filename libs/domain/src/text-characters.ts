import type { FieldViolation } from './errors';

/**
 * Which characters a text field may hold, beyond what every string must (no NUL, no unpaired
 * surrogate: the api checks those on the whole body).
 *
 * - `name`: a person's or a company's name. No control character (C0 such as BEL, ESC, tab and
 *   line breaks; DEL; C1), no line or paragraph separator, no bidirectional control (embeddings
 *   and overrides U+202A-U+202E, isolates U+2066-U+2069, the marks U+200E, U+200F, U+061C) and no
 *   other invisible formatting character (zero-width space, soft hyphen, word joiner, byte-order
 *   mark, tag characters...): in a name they only hide a difference from the name a person reads
 *   ("Juan" and "Ju\u200Ban" look alike and match differently), reverse what a report prints, or
 *   break a CSV export. Nor the replacement character U+FFFD: it is what a wrong conversion leaves
 *   of a letter (`Jos\uFFFD` for a Latin-1 `José`), never a letter itself. Nor an emoji (a
 *   pictograph such as 😀 or ✈, a flag's regional indicators, a skin-tone modifier, the emoji
 *   variation selector U+FE0F, a keycap): no identity document or company register writes one,
 *   the matching cannot compare it with a listed name, and reports print it as a box. The signs
 *   ©, ® and ™ are pictographs too, but companies write them in their names: they are kept. The
 *   zero-width joiner and non-joiner are kept between two letters of a
 *   script that is not Latin (Persian, Arabic and Indic names need them to be spelt right).
 * - `free text` (a webhook endpoint's description): no control character, line or paragraph
 *   separator or bidirectional control; other format characters (an emoji's joiner) are fine.
 */
export type TextKind = 'name' | 'free text';

const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const FORMAT = /\p{Cf}/u;
const JOINER = /[\u200C\u200D]/u;
const NON_LATIN_LETTER = /(?![\p{Script=Latin}])[\p{L}\p{M}]/u;

const REPLACEMENT = '\uFFFD';
/** An emoji's characters (see {@link TextKind}); ©, ® and ™ aside. */
const EMOJI =
  /[\p{Extended_Pictographic}\p{Emoji_Presentation}\p{Emoji_Modifier}\p{Regional_Indicator}\uFE0F\u20E3]/u;
const TRADE_SIGNS = /[\u00A9\u00AE\u2122]/u;

type Finding = 'control' | 'bidi' | 'invisible' | 'replacement' | 'emoji';

const WHY: Record<Finding, string> = {
  control: 'control characters (tabs, line breaks, escape codes and the like)',
  bidi: 'bidirectional text controls (they reorder what is printed)',
  invisible: 'invisible formatting characters (zero-width spaces, soft hyphens and the like)',
  replacement: 'the replacement character (what a wrong character conversion leaves of a letter)',
  emoji: 'emoji or pictographs (a name is written as on the identity document or the company register)',
};

/** "U+200B". */
function codePointLabel(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

function classify(characters: readonly string[], i: number, kind: TextKind): Finding | null {
  const character = characters[i];
  if (CONTROL.test(character)) return 'control';
  if (BIDI_CONTROL.test(character)) return 'bidi';
  if (kind === 'free text') return null;
  if (character === REPLACEMENT) return 'replacement';
  if (EMOJI.test(character) && !TRADE_SIGNS.test(character)) return 'emoji';
  if (!FORMAT.test(character)) return null;
  if (
    JOINER.test(character) &&
    NON_LATIN_LETTER.test(characters[i - 1] ?? '') &&
    NON_LATIN_LETTER.test(characters[i + 1] ?? '')
  )
    return null;
  return 'invisible';
}

/**
 * The one rule for the characters of a name or a free text (see {@link TextKind}): no violation,
 * or one naming the field and the first character refused (`name must not contain control
 * characters (...): found U+0007.`). `label` is how the message names the field when it differs
 * from its JSON path (`name` for `references[0].name`).
 */
export function textCharacterViolations(
  field: string,
  value: unknown,
  kind: TextKind,
  label = field,
): FieldViolation[] {
  if (typeof value !== 'string') return [];
  const characters = [...value];
  for (let i = 0; i < characters.length; i++) {
    const finding = classify(characters, i, kind);
    if (finding)
      return [
        {
          field,
          message: `${label} must not contain ${WHY[finding]}: found ${codePointLabel(characters[i])}.`,
        },
      ];
  }
  return [];
}
