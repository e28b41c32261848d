import { FieldViolation } from '@app/domain';

/** docs/security.md: JSON nested deeper than this answers 400. */
export const MAX_JSON_DEPTH = 32;

/**
 * How deep a JSON text nests arrays and objects, read from the raw text so that a hostile body
 * (thousands of `[`) is measured without parsing it or recursing over it. Stops counting once the
 * limit is passed.
 */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c /* \ */) i++;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) depth--;
  }
  return false;
}

/**
 * What a string must not hold to be stored or searched: NUL (PostgreSQL text cannot hold it) and
 * UTF-16 surrogates without their pair (they have no UTF-8 form).
 */
export function unsafeTextReason(text: string): string | null {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return 'must not contain the NUL character (\\u0000).';
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return 'must not contain an unpaired UTF-16 surrogate.';
    } else if (code >= 0xdc00 && code <= 0xdfff) return 'must not contain an unpaired UTF-16 surrogate.';
  }
  return null;
}

/**
 * Every string (and object key) in a parsed value that {@link unsafeTextReason} refuses, named by
 * its JSON path (`items[2].name`) under `root`. The value is at most {@link MAX_JSON_DEPTH} deep.
 */
export function unsafeTextViolations(value: unknown, root = ''): FieldViolation[] {
  const violations: FieldViolation[] = [];
  const visit = (node: unknown, path: string): void => {
    if (typeof node === 'string') {
      const reason = unsafeTextReason(node);
      if (reason) violations.push({ field: path || 'body', message: `${path || 'The body'} ${reason}` });
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, `${path}[${i}]`));
    } else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        const keyReason = unsafeTextReason(key);
        const field = path ? `${path}.${key}` : key;
        if (keyReason) violations.push({ field: path || 'body', message: `A field name ${keyReason}` });
        else visit(item, field);
      }
    }
  };
  visit(value, root);
  return violations;
}
