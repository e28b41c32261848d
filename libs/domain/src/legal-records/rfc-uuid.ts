/**
 * docs/integrators.md: every id the OpenAPI document declares `format: uuid` is an RFC 9562 UUID, legal-record
 * uuids included: 8-4-4-4-12 hexadecimal digits, a version from 1 to 8 (the first digit of the third
 * group) and the variant 10xx (the first digit of the fourth group is 8, 9, a or b). A zod or
 * ajv `uuid` check refuses anything else, such as a bare md5 digest cast to uuid.
 */
const RFC_9562 = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isRfc9562Uuid(value: string): boolean {
  return RFC_9562.test(value);
}
