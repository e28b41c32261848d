/**
 * SQL: 32 hexadecimal digits (text, such as an md5 digest) as an RFC 9562 version 8 ("custom")
 * UUID: the version digit (the 13th) becomes 8 and the variant digit (the 17th) keeps its two low
 * bits under the variant 10 (0-3 -> 8-b, 4-7 -> 8-b, ...). The other 122 bits are the digest's.
 *
 * The generator makes every person uuid and lawsuit id this way from its hash of (seed, row), and
 * the migration that re-keyed older corpora (md5 digests cast to uuid) applied the same function
 * to their hex digits, so a re-keyed corpus is the one the generator makes now.
 */
export function rfcUuidFromHexSql(hex: string): string {
  return `(substr(${hex}, 1, 12) || '8' || substr(${hex}, 14, 3)
           || substr('89ab89ab89ab89ab', strpos('0123456789abcdef', substr(${hex}, 17, 1)), 1)
           || substr(${hex}, 18, 15))::uuid`;
}

/** SQL: a uuid value re-keyed as `rfcUuidFromHexSql` does (the identity on a version 8 uuid). */
export function rfcUuidOfUuidSql(uuid: string): string {
  return rfcUuidFromHexSql(`replace((${uuid})::text, '-', '')`);
}
