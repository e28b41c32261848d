import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HotStatement } from './hot-sql';
import { type PagedRead, ReadStatement } from './read-sql';
import { STATEMENT_CATALOGUE } from './statement-catalogue';

// The repositories' classes without Nest (an ES module the unit project does not load): only
// their prototypes' method names are read here.
jest.mock('@nestjs/common', () => ({ Injectable: () => () => undefined }));

// The SQL of every declared statement, by the repository method that runs it. A change to one of
// them (a column added, a join changed) fails here until the snapshot is updated on purpose
// (`npx jest -u`), so it shows in review (docs/architecture.md, "Typed SQL from one column map").
const entries = Object.entries(STATEMENT_CATALOGUE).flatMap(([repository, entry]) =>
  Object.entries(entry.methods).map(
    ([method, statements]) => [`${repository}.${method}`, statements] as const,
  ),
);

describe('statement catalogue (SQL snapshots)', () => {
  it.each(entries)('%s', (_method, statements) => {
    expect(statements.length).toBeGreaterThan(0);
    expect(
      statements.map((s) => ({
        name: s.name,
        text: s.text,
        ...(s instanceof ReadStatement ? { fields: s.describe() } : {}),
      })),
    ).toMatchSnapshot();
  });

  it('names each statement once (each may be prepared under its name)', () => {
    const byName = new Map<string, unknown>();
    for (const [, statements] of entries)
      for (const s of statements) {
        expect(byName.get(s.name) ?? s).toBe(s);
        byName.set(s.name, s);
      }
  });

  it.each(Object.entries(STATEMENT_CATALOGUE))(
    '%s: every method is catalogued, runs no SQL of its own, or is listed as hand-written',
    (_name, entry) => {
      const methods = Object.getOwnPropertyNames(entry.repository.prototype).filter(
        (m) => m !== 'constructor',
      );
      const accounted = [
        ...Object.keys(entry.methods),
        ...(entry.noSqlOfTheirOwn ?? []),
        ...(entry.handWritten ?? []),
      ];
      expect([...accounted].sort()).toEqual([...methods].sort());
    },
  );

  it('catalogues every statement the repositories declare', () => {
    const catalogued = new Set(entries.flatMap(([, statements]) => statements));
    const declared = readdirSync(__dirname)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
      // Every module of the folder, whatever it exports: a file name is only known at run time.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      .flatMap((file) => Object.entries(require(join(__dirname, file)) as Record<string, unknown>))
      .flatMap(([name, value]) =>
        value instanceof HotStatement
          ? [[name, value] as const]
          : isPaged(value)
            ? [[`${name}.rows`, value.rows] as const, [`${name}.count`, value.count] as const]
            : [],
      );
    expect(declared.length).toBeGreaterThan(100);
    expect(declared.filter(([, statement]) => !catalogued.has(statement)).map(([name]) => name)).toEqual([]);
  });

  it('catalogues every repository of the library, or lists it as hand-written', () => {
    const repositories = readdirSync(__dirname)
      .filter((file) =>
        /\.repository\.ts$|^personal-data-eraser\.ts$|^watch-list-activations\.ts$/.test(file),
      )
      .flatMap((file) =>
        [...readFileSync(join(__dirname, file), 'utf8').matchAll(/^export class (\w+)/gm)].map((m) => m[1]),
      );
    expect(repositories.length).toBeGreaterThan(30);
    const listed = [...Object.keys(STATEMENT_CATALOGUE), ...HAND_WRITTEN_REPOSITORIES];
    expect(repositories.filter((name) => !listed.includes(name))).toEqual([]);
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any paged read
const isPaged = (value: unknown): value is PagedRead<any, any> =>
  typeof value === 'object' && value !== null && 'rows' in value && value.rows instanceof ReadStatement;

/** Repositories whose SQL is all still written by hand (what is left of issue 39's conversion). */
const HAND_WRITTEN_REPOSITORIES = [
  'LegalCorpusHousekeepingRepository',
  // Its WHERE has only the conditions given; its SELECT list and rows are declared (read-sql.ts).
  'LegalSearchListRepository',
  // TypeORM's find (an entity), no SQL text.
  'PackageRepository',
  'WatchListActivations',
];
