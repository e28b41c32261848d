import { readWatchListFiles } from './read-watch-list-files';
import { fixture } from './golden-files.fixture';

const FILE = 'entities.ftm.jsonl';

describe('peps reader: FollowTheMoney entities, one per line, as OpenSanctions exports them', () => {
  const read = readWatchListFiles('peps', [fixture(`peps/${FILE}`)]);

  it('reads Persons, skips the other schemas, counts every line that holds a record', async () => {
    const { asOf, rows, skipped, redacted, files, entries } = await read;
    expect(asOf).toBeNull();
    // 9 lines, one of them empty.
    expect(rows).toBe(8);
    expect(skipped).toBe(2);
    expect(redacted).toBe(0);
    expect(files).toEqual([{ file: FILE, kind: 'FollowTheMoney entities', rows: 8 }]);
    expect(entries.map((e) => e.key)).toEqual([
      'Q123456789',
      'mx-gov-villarreal-trevino',
      'mx-dep-hernandez-ochoa',
    ]);
  });

  it('rejects a line that is not JSON, a Person without a name and a repeated id', async () => {
    expect((await read).rejected).toEqual([
      { file: FILE, line: 5, reason: expect.stringMatching(/^not JSON \(/) },
      { file: FILE, line: 7, reason: 'Person mx-sin-nombre without a name' },
      { file: FILE, line: 8, reason: 'id Q123456789 is listed twice (first at line 1)' },
    ]);
  });

  it('reads a PEP: given names and joined surnames, RFC and CURP by their shape, positions', async () => {
    const [zuniga, villarreal, hernandez] = (await read).entries;
    expect(zuniga).toMatchObject({
      source: 'peps',
      kind: 'person',
      names: [
        {
          text: 'Ana Lucía Zúñiga de la Garza',
          order: 'given-first',
          given: 'Ana Lucía',
          surnames: 'Zúñiga de la Garza',
          alias: false,
        },
        { text: 'Ana Zúñiga', order: 'given-first', alias: true, quality: 'strong' },
      ],
      rfcs: ['ZUGA750314QK2'],
      curps: ['ZUGA750314MNLXRN07'],
      birthDates: ['1975-03-14'],
      nationalities: ['MX'],
      gender: 'M',
      listStatus: 'Senadora de la República; Presidenta Municipal de San Pedro Garza García',
      raw: { id: 'Q123456789', schema: 'Person', datasets: ['mx_senators'] },
    });
    expect(villarreal).toMatchObject({
      names: [{ text: 'Roberto Carlos Villarreal Treviño', order: 'given-first', alias: false }],
      birthDates: ['1970'],
      gender: 'H',
      listStatus: 'Gobernador del Estado de Nuevo León',
    });
    expect(hernandez).toMatchObject({ rfcs: [], curps: [], birthDates: ['1981-06'] });
    expect(hernandez.raw).toMatchObject({ properties: { idNumber: ['INE 0123456789012'] } });
  });

  it.each([
    ['not-json', 'unreadable', /no line of it is JSON/],
    ['no-person', 'no-data', /none of the 1 data rows gives a listed party/],
  ])('refuses %s (%s)', async (dir, refusal, reason) => {
    const error = await readWatchListFiles('peps', [fixture(`refused/peps/${dir}/${FILE}`)]).catch((e) => e);
    expect(error).toMatchObject({ refusal });
    expect(error.reason).toMatch(reason);
  });

  it('refuses an empty file', async () => {
    await expect(readWatchListFiles('peps', [fixture('refused/empty/empty.csv')])).rejects.toMatchObject({
      refusal: 'no-data',
      reason: 'it has no data rows',
    });
  });
});
