import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  foldLabel,
  processOfSource,
  WATCH_LIST_SOURCES,
  type WatchListEntry,
  type WatchListSource,
} from '@app/domain';
import { readWatchListFiles } from './read-watch-list-files';
import type { WatchListRead } from './watch-list-read';

/** The demo files a fresh `npm start` imports, and the manifest of the candidates they were made for. */
const DEMO = join(__dirname, '../../../../data/watch-lists/demo');

interface Hit {
  source: WatchListSource;
  entryId: string;
  listedName: string;
  listStatus: string;
  decision: 'match' | 'possible_match';
}
interface Candidate {
  id: string;
  registration: Record<string, string | undefined>;
  hits: Hit[];
  processes: Record<string, string>;
}
const manifest = JSON.parse(readFileSync(join(DEMO, 'candidates.json'), 'utf8')) as {
  files: Record<WatchListSource, string[]>;
  candidates: Candidate[];
};

const reads = Object.fromEntries(
  WATCH_LIST_SOURCES.map((source) => [
    source,
    readWatchListFiles(
      source,
      manifest.files[source].map((file) => ({ path: join(DEMO, file) })),
    ),
  ]),
) as Record<WatchListSource, Promise<WatchListRead>>;

const entryOf = async (hit: Hit): Promise<WatchListEntry | undefined> =>
  (await reads[hit.source]).entries.find((entry) => entry.key === hit.entryId);

describe('demo watch-list files (data/watch-lists/demo)', () => {
  it.each([...WATCH_LIST_SOURCES])('%s reads without a rejected row', async (source) => {
    const read = await reads[source];
    expect(read.rejected).toEqual([]);
    expect(read.entries.length).toBeGreaterThan(5);
  });

  it('states the as-of dates where the publishers do', async () => {
    expect((await reads['sat-69b']).asOf).toBe('2026-10-31');
    expect((await reads['un-consolidated']).asOf).toBe('2026-11-20');
    expect((await reads['sat-69b']).redacted).toBe(2);
  });

  const hits = manifest.candidates.flatMap((candidate) => candidate.hits.map((hit) => ({ candidate, hit })));
  it.each(hits.map(({ candidate, hit }) => [candidate.id, hit.source, candidate, hit] as const))(
    '%s is on %s as the manifest says',
    async (_, __, candidate, hit) => {
      const entry = await entryOf(hit);
      expect(entry).toBeDefined();
      expect(entry!.names[0].text).toBe(hit.listedName);
      expect(entry!.listStatus).toBe(hit.listStatus);
      const { rfc, curp, birthDate } = candidate.registration;
      const sameId = (rfc && entry!.rfcs.includes(rfc)) || (curp && entry!.curps.includes(curp));
      // The birth date an entry's RFC encodes (YYMMDD after the letters) confirms an equal name.
      const rfcBirthDate = entry!.rfcs.some(
        (listed) => birthDate?.slice(2).replace(/-/g, '') === listed.slice(4, 10),
      );
      // A match is decided by an identifier (or the RFC's birth date) here; a possible match has none in common.
      expect(Boolean(sameId) || (rfcBirthDate && !rfc)).toBe(hit.decision === 'match');
    },
  );

  const documented = (source: WatchListSource, entry: WatchListEntry) =>
    manifest.candidates.some((c) => c.hits.some((hit) => hit.source === source && hit.entryId === entry.key));

  it('lists no candidate by RFC or CURP anywhere the manifest does not say', async () => {
    const undocumented: string[] = [];
    for (const source of WATCH_LIST_SOURCES)
      for (const entry of (await reads[source]).entries)
        for (const { id, registration } of manifest.candidates) {
          const { rfc, curp } = registration;
          const held = (rfc && entry.rfcs.includes(rfc)) || (curp && entry.curps.includes(curp));
          if (held && !documented(source, entry)) undocumented.push(`${id} on ${source} ${entry.key}`);
        }
    expect(undocumented).toEqual([]);
  });

  it('names no other entry after a candidate: the filler keeps away from their surnames', async () => {
    const surnames = manifest.candidates
      .map((candidate) => candidate.registration.lastName)
      .filter((surname): surname is string => Boolean(surname))
      .map((surname) => foldLabel(surname));
    const named: string[] = [];
    for (const source of WATCH_LIST_SOURCES)
      for (const entry of (await reads[source]).entries)
        for (const name of documented(source, entry) ? [] : entry.names) {
          const words = ` ${foldLabel(name.text)} `;
          for (const surname of surnames)
            if (words.includes(` ${surname} `)) named.push(`${source}: ${name.text}`);
        }
    expect(named).toEqual([]);
  });

  it('has a clean candidate, a company on 69-B by its RFC, and one candidate on several lists', () => {
    const clean = manifest.candidates.filter((c) => c.hits.length === 0);
    expect(clean.length).toBeGreaterThan(0);
    expect(clean.every((c) => Object.values(c.processes).every((result) => result === 'Aprobado'))).toBe(
      true,
    );
    const company = manifest.candidates.find((c) => c.registration.personType === 'corporate')!;
    expect(company.hits).toContainEqual(
      expect.objectContaining({ source: 'sat-69b', entryId: company.registration.rfc }),
    );
    expect(manifest.candidates.some((c) => new Set(c.hits.map((h) => h.source)).size >= 3)).toBe(true);
    // Every list has a match, and every list process a possible match.
    for (const source of WATCH_LIST_SOURCES)
      expect({
        source,
        some: hits.some(({ hit }) => hit.source === source && hit.decision === 'match'),
      }).toEqual({
        source,
        some: true,
      });
    for (const process of ['Listas negras del SAT', 'Global Watch List', 'Peps'])
      expect({
        process,
        some: hits.some(
          ({ hit }) => processOfSource(hit.source) === process && hit.decision === 'possible_match',
        ),
      }).toEqual({ process, some: true });
  });
});
