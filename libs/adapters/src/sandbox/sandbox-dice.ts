import { CandidateIdentity, FinalResult } from '@app/domain';

/** FNV-1a 32-bit: small, fast and stable across runs and machines. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A deterministic sequence of numbers in [0, 1) for one candidate and process. */
export function dice(candidate: CandidateIdentity, processName: string): () => number {
  const identity = [
    candidate.name,
    candidate.lastName,
    candidate.secondLastName,
    candidate.birthDate,
    candidate.nationality,
    candidate.rfc,
    candidate.curp,
    candidate.businessName,
  ]
    .map((p) => (p ?? '').toString().toUpperCase())
    .join('|');
  let state = stableHash(`${identity}#${processName}`) || 1;
  return () => {
    // xorshift32
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x100000000;
  };
}

/** Plausible spread: most candidates are clean, some carry risk. */
export function riskFromRoll(roll: number): FinalResult {
  if (roll < 0.6) return 'Aprobado';
  if (roll < 0.82) return 'Riesgo Bajo';
  if (roll < 0.94) return 'Riesgo Medio';
  return 'Riesgo Alto';
}

export const pick = <T>(items: readonly T[], roll: number): T =>
  items[Math.floor(roll * items.length) % items.length];
export const int = (roll: number, min: number, max: number) => min + Math.floor(roll * (max - min + 1));
