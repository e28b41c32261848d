import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

/**
 * A WOFF 1.0 font (what the @fontsource packages ship beside WOFF2) as the plain TrueType/OpenType
 * file it wraps: every table inflated once. fontkit reads WOFF itself, but inflates a table again
 * each time it is read, and it reads `glyf` again for every glyph a document sets or embeds: for a
 * CJK font that is the whole table per character. Unwrapped once, a glyph is a slice of a buffer.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < WOFF_HEADER || woff.readUInt32BE(0) !== WOFF_SIGNATURE)
    throw new Error('Not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables: Array<{ tag: number; checksum: number; data: Buffer }> = [];
  for (let i = 0; i < count; i++) {
    const at = WOFF_HEADER + i * WOFF_ENTRY;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compressed);
    tables.push({
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: compressed < length ? inflateSync(stored) : stored,
    });
  }
  let power = 1;
  let log = 0;
  while (power * 2 <= count) {
    power *= 2;
    log++;
  }
  const padded = (length: number) => (length + 3) & ~3;
  let size = SFNT_HEADER + count * SFNT_ENTRY;
  for (const table of tables) size += padded(table.data.length);
  const sfnt = Buffer.alloc(size);
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(count, 4);
  sfnt.writeUInt16BE(power * SFNT_ENTRY, 6);
  sfnt.writeUInt16BE(log, 8);
  sfnt.writeUInt16BE((count - power) * SFNT_ENTRY, 10);
  let offset = SFNT_HEADER + count * SFNT_ENTRY;
  tables.forEach((table, i) => {
    const at = SFNT_HEADER + i * SFNT_ENTRY;
    sfnt.writeUInt32BE(table.tag, at);
    sfnt.writeUInt32BE(table.checksum, at + 4);
    sfnt.writeUInt32BE(offset, at + 8);
    sfnt.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}
