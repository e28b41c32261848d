import { Buffer } from 'node:buffer';

/**
 * Compact columns for the index: hundreds of thousands of short strings or numbers as JS objects
 * cost 40-100 bytes each in V8; as bytes in one buffer (plus an offset per value) they cost their
 * length. Values are appended while an index segment is built, then frozen.
 */

type Unsigned = Uint8Array | Uint32Array;

/** A growing array of unsigned integers (32-bit, or 8-bit for codes and flags). */
class GrowingArray<T extends Unsigned> {
  private data: T;
  length = 0;

  constructor(
    private readonly make: (length: number) => T,
    capacity: number,
  ) {
    this.data = make(capacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      // Half again, not double: a segment's builder lives beside the version it replaces.
      const bigger = this.make(Math.ceil(this.data.length * 1.5) + 16);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  get(at: number): number {
    return this.data[at];
  }

  /** The values, in an array of exactly their length. */
  build(): T {
    return this.data.slice(0, this.length) as T;
  }
}

export class Uint32Builder extends GrowingArray<Uint32Array> {
  constructor(capacity = 1024) {
    super((length) => new Uint32Array(length), capacity);
  }
}

export class Uint8Builder extends GrowingArray<Uint8Array> {
  constructor(capacity = 1024) {
    super((length) => new Uint8Array(length), capacity);
  }
}

/** Strings stored as UTF-8 in one buffer; string `i` is decoded when read. */
export class StringColumn {
  constructor(
    private readonly bytes: Buffer,
    private readonly offsets: Uint32Array,
  ) {}

  get length(): number {
    return this.offsets.length - 1;
  }

  get(at: number): string {
    return this.bytes.toString('utf8', this.offsets[at], this.offsets[at + 1]);
  }

  /** Bytes held (for the memory report). */
  get byteLength(): number {
    return this.bytes.length + this.offsets.byteLength;
  }
}

export class StringColumnBuilder {
  private bytes = Buffer.allocUnsafe(64 * 1024);
  private used = 0;
  private readonly offsets = new Uint32Builder();

  constructor() {
    this.offsets.push(0);
  }

  push(value: string): void {
    const needed = Buffer.byteLength(value, 'utf8');
    if (this.used + needed > this.bytes.length) {
      const bigger = Buffer.allocUnsafe(Math.max(Math.ceil(this.bytes.length * 1.5), this.used + needed));
      this.bytes.copy(bigger, 0, 0, this.used);
      this.bytes = bigger;
    }
    this.used += this.bytes.write(value, this.used, 'utf8');
    this.offsets.push(this.used);
  }

  build(): StringColumn {
    return new StringColumn(Buffer.from(this.bytes.subarray(0, this.used)), this.offsets.build());
  }
}

/**
 * Lists of numbers per row (postings per term, dates per entry) in compressed-row form: row `i`
 * holds `values[starts[i]] .. values[starts[i + 1] - 1]`.
 */
export interface RowLists {
  starts: Uint32Array;
  values: Uint32Array;
}

/** Groups `(row, value)` pairs by row, keeping their order within a row (a counting sort). */
export function rowLists(rows: number, pairRows: Uint32Array, pairValues: Uint32Array): RowLists {
  const starts = new Uint32Array(rows + 1);
  for (let i = 0; i < pairRows.length; i++) starts[pairRows[i] + 1]++;
  for (let r = 0; r < rows; r++) starts[r + 1] += starts[r];
  const next = starts.slice(0, rows);
  const values = new Uint32Array(pairValues.length);
  for (let i = 0; i < pairRows.length; i++) values[next[pairRows[i]]++] = pairValues[i];
  return { starts, values };
}

/** FNV-1a, 32 bits: stable, fast, good enough to spread identifiers. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A Bloom filter over a segment's terms (10 bits a term, two probes: about 1 % false positives):
 * a query's hundreds of one-edit spellings are tested here, and only the few it may hold are
 * looked up in the dictionary.
 */
export class TermFilter {
  private readonly bits: Uint32Array;
  private readonly mask: number;

  constructor(terms: readonly string[]) {
    let size = 1024;
    while (size < terms.length * 10) size *= 2;
    this.bits = new Uint32Array(size / 32);
    this.mask = size - 1;
    for (const term of terms) {
      const hash = fnv1a(term);
      this.set(hash & this.mask);
      this.set(second(hash) & this.mask);
    }
  }

  private set(bit: number): void {
    this.bits[bit >>> 5] |= 1 << (bit & 31);
  }

  private has(bit: number): boolean {
    return (this.bits[bit >>> 5] & (1 << (bit & 31))) !== 0;
  }

  /** False: the term is certainly not in the segment. `hash` is `fnv1a(term)`. */
  mayHave(hash: number): boolean {
    return this.has(hash & this.mask) && this.has(second(hash) & this.mask);
  }

  get byteLength(): number {
    return this.bits.byteLength;
  }
}

/** A second, independent-enough probe from the same hash. */
const second = (hash: number): number => Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d) >>> 0;
