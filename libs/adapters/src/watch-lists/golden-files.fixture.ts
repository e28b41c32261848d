import { join } from 'node:path';

/** A golden fixture's path (fixtures/<relative>); see scripts/watch-lists/fixtures.js. */
export function fixture(relative: string): { path: string } {
  return { path: join(__dirname, 'fixtures', relative) };
}
