/** docs/behaviour.md: bodies over 100 kB (100,000 bytes) answer 413. */
export const BODY_LIMIT_BYTES = 100_000;

/** docs/behaviour.md: the batch registration reads bodies up to 1 MB (1,000,000 bytes); every other route keeps 100 kB. */
export const BATCH_BODY_LIMIT_BYTES = 1_000_000;

/** A body limit as the contract writes it, in decimal units: `100 kB`, `1 MB`. */
export function bodyLimitInWords(bytes: number): string {
  return bytes >= 1_000_000 ? `${bytes / 1_000_000} MB` : `${bytes / 1_000} kB`;
}
