/**
 * How much a secret's own symbols (the characters of JWT_SECRET, the bytes of WEBHOOKS_SECRET_KEY)
 * could carry, so that production can refuse one a person typed or padded: 32 times the same
 * letter passes a length check and protects nothing.
 *
 * The estimate: a secret that repeats a shorter unit (`abcdabcd...`) carries no more than that
 * unit, so only its shortest repeating unit counts; that unit's length times the Shannon entropy
 * of its symbols' frequencies, with the Miller-Madow correction (a sample of a few dozen symbols
 * shows fewer distinct ones than its source has, so the plain estimate reads low even for random
 * bytes). Over 200,000 random secrets of each kind the estimate never fell below 131 bits for 32
 * characters of base64 or of letters and digits, 153 for 32 random bytes (a WEBHOOKS_SECRET_KEY),
 * 317 for `openssl rand -base64 48`; `aaaa...` is 0 and `abab...` about 2. 32 hexadecimal
 * characters (128 bits at most) read 97 to 139 and are usually refused: use 64.
 *
 * It cannot tell a sentence or a keyboard walk from a random string: it catches repetition and
 * small alphabets, and the secrets published in this repository are refused by name elsewhere.
 */
export const MIN_SECRET_ENTROPY_BITS = 128;

/** The shortest prefix the whole sequence repeats (the last repetition may be cut short). */
export function shortestRepeatingUnit<T>(symbols: readonly T[]): readonly T[] {
  // Knuth-Morris-Pratt failure function: the longest proper prefix that is also a suffix.
  const border = new Array<number>(symbols.length).fill(0);
  for (let i = 1, k = 0; i < symbols.length; i++) {
    while (k > 0 && symbols[i] !== symbols[k]) k = border[k - 1];
    if (symbols[i] === symbols[k]) k++;
    border[i] = k;
  }
  const period = symbols.length - (border[symbols.length - 1] ?? 0);
  // Only a unit repeated at least twice makes the rest predictable.
  return period * 2 <= symbols.length ? symbols.slice(0, period) : symbols;
}

/** Estimated bits of entropy of a sequence of symbols (see the module comment). */
export function estimatedEntropyBits<T>(symbols: readonly T[]): number {
  const unit = shortestRepeatingUnit(symbols);
  if (unit.length === 0) return 0;
  const counts = new Map<T, number>();
  for (const symbol of unit) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  let bitsPerSymbol = 0;
  for (const count of counts.values()) {
    const p = count / unit.length;
    bitsPerSymbol -= p * Math.log2(p);
  }
  const millerMadow = (counts.size - 1) / (2 * unit.length * Math.LN2);
  return unit.length * (bitsPerSymbol + millerMadow);
}

/**
 * Why a secret is too predictable for production, or null: the end of the sentence that starts
 * with the variable's name.
 */
export function weakSecretReason<T>(symbols: readonly T[], what: string, howToMake: string): string | null {
  const bits = estimatedEntropyBits(symbols);
  if (bits >= MIN_SECRET_ENTROPY_BITS) return null;
  return `is too predictable for production: its ${what} carry about ${Math.floor(bits)} bits of entropy, a random value at least ${MIN_SECRET_ENTROPY_BITS} (repeated or few distinct ${what} give it away): generate one (${howToMake})`;
}
