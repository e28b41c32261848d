import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { readWatchListFiles } from './read-watch-list-files';
import { fixture } from './golden-files.fixture';
import { WatchListFileRefused } from './watch-list-file-refused';

const FILE = 'Listado_completo_69-B.csv';

describe('sat-69b reader: Listado_completo_69-B.csv as the SAT publishes it', () => {
  const read = readWatchListFiles('sat-69b', [fixture(`sat-69b/${FILE}`)]);

  it('takes the as-of date from the legend line and counts the data rows after the header', async () => {
    const { asOf, rows, redacted, skipped, files } = await read;
    expect(asOf).toBe('2026-05-31');
    // Lines 5 to 20 (the header spans lines 3-4, one record spans 7-8), less the filler row of commas.
    expect(rows).toBe(14);
    expect(redacted).toBe(2);
    expect(skipped).toBe(0);
    expect(files).toEqual([{ file: FILE, kind: 'Listado completo 69-B', rows: 14 }]);
  });

  it('rejects each unreadable row with the line where it starts and why', async () => {
    expect((await read).rejected).toEqual([
      { file: FILE, line: 15, reason: 'no RFC' },
      {
        file: FILE,
        line: 16,
        reason:
          'situación "En revisión" is not one of Presunto, Desvirtuado, Definitivo, Sentencia Favorable',
      },
      { file: FILE, line: 17, reason: 'RFC "ABC12" is not an RFC (12 or 13 characters)' },
    ]);
  });

  it('reads one entry per RFC, redacted rows apart, in the order they appear', async () => {
    const { entries } = await read;
    expect(entries.map((e) => [e.key, e.kind, e.listStatus, e.redacted])).toEqual([
      ['AAA080808HL8', 'entity', 'Sentencia Favorable', false],
      ['AIMO6811069F7', 'person', 'Definitivo', false],
      ['CPH061010RB7', 'entity', 'Presunto', false],
      [`XXXXXXXXXXXX@${FILE}:9`, 'unknown', 'Definitivo', true],
      ['PEAA7502143K1', 'person', 'Desvirtuado', false],
      ['ÑAÑ140114GY4', 'entity', 'Definitivo', false],
      ['DOC0905127T3', 'entity', 'Definitivo', false],
      ['GUTE8104226W9', 'person', 'Definitivo', false],
      [`XXXXXXXXXXXX@${FILE}:19`, 'unknown', 'Presunto', true],
      ['CGU110915QX8', 'entity', 'Definitivo', false],
    ]);
    expect(entries.every((e) => e.source === 'sat-69b' && e.curps.length === 0)).toBe(true);
    // A física's birth date is her RFC's, dated by the list's as-of date; a moral has none.
    expect(
      Object.fromEntries(entries.filter((e) => e.birthDates.length).map((e) => [e.key, e.birthDates])),
    ).toEqual({
      AIMO6811069F7: ['1968-11-06'],
      PEAA7502143K1: ['1975-02-14'],
      GUTE8104226W9: ['1981-04-22'],
    });
    expect(entries.filter((e) => e.redacted).map((e) => e.rfcs)).toEqual([[], []]);
  });

  it('decodes Windows-1252 (Ñ, accents, ü), replaces an undefined byte, folds a quoted line break', async () => {
    const names = Object.fromEntries((await read).entries.map((e) => [e.key, e.names]));
    expect(names['AAA080808HL8']).toEqual([
      { text: 'ASESORES EN AVALÚOS Y ACTIVOS, S.A. DE C.V.', order: 'entity', alias: false },
    ]);
    expect(names['PEAA7502143K1']).toEqual([
      { text: 'PEÑA ARGÜELLES MARÍA DE LOS ÁNGELES', order: 'unknown', alias: false },
    ]);
    expect(names['ÑAÑ140114GY4'][0].text).toBe('ÑAÑEZ Y ASOCIADOS, S.C.');
    expect(names['DOC0905127T3'][0].text).toBe('DISTRIBUIDORA ÓPTICA\uFFFD DEL CENTRO, S.A. DE C.V.');
    expect(names['CPH061010RB7'][0].text).toBe('CONSTRUCTORA DE PROYECTOS HIDROELÉCTRICOS, S.A. DE C.V.');
    expect(names['CGU110915QX8'][0].text).toBe('COMERCIALIZADORA "EL GÜERO", S.A. DE C.V.');
  });

  it('groups a repeated RFC: the most severe situación, other spellings as aliases, both rows in raw', async () => {
    const aispuro = (await read).entries.find((e) => e.key === 'AIMO6811069F7')!;
    expect(aispuro.rfcs).toEqual(['AIMO6811069F7']);
    expect(aispuro.names).toEqual([
      { text: 'AISPURO MORENO OSCAR', order: 'unknown', alias: false },
      { text: 'AISPURO MORENO ÓSCAR', order: 'unknown', alias: true },
    ]);
    const rows = (aispuro.raw as { rows: Array<{ cells: Record<string, string> }> }).rows;
    expect(rows.map((row) => row.cells['Situación del contribuyente'])).toEqual([
      'Definitivo',
      'sentencia favorable',
    ]);
  });

  it('keeps every cell as published in raw, keyed by the header (a title broken over two lines folded)', async () => {
    const cph = (await read).entries.find((e) => e.key === 'CPH061010RB7')!;
    const [row] = (cph.raw as { rows: Array<{ file: string; cells: Record<string, string> }> }).rows;
    expect(row.file).toBe(FILE);
    expect(Object.keys(row.cells)).toHaveLength(20);
    expect(row.cells).toMatchObject({
      No: '3',
      RFC: 'CPH061010RB7',
      'Nombre del Contribuyente': 'CONSTRUCTORA DE PROYECTOS HIDROELÉCTRICOS, \r\nS.A. DE C.V.',
      'Número y fecha de oficio global de presunción SAT':
        '500-05-2025-39537 de fecha 16 de diciembre de 2025',
      'Publicación página SAT presuntos': '16/12/2025',
      'Publicación DOF definitivos': '',
    });
  });

  it.each([
    [
      'no-header',
      'header',
      /no header row among its first 50 rows: the 69-B list's header has the columns No, RFC, Nombre del Contribuyente and Situación del contribuyente/,
    ],
    ['header-only', 'no-data', /it has no data rows/],
    ['truncated', 'unreadable', /it does not parse as CSV: .*Quote Not Closed/i],
  ])('refuses %s (%s)', async (dir, refusal, reason) => {
    const error = await readWatchListFiles('sat-69b', [fixture(`refused/sat-69b/${dir}/${FILE}`)]).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(WatchListFileRefused);
    expect(error).toMatchObject({ refusal, file: FILE });
    expect(error.reason).toMatch(reason);
  });

  it('refuses a file of another format: the UN list (UTF-8, which the SAT never writes), an empty file', async () => {
    await expect(
      readWatchListFiles('sat-69b', [fixture('un-consolidated/consolidated.xml')]),
    ).rejects.toMatchObject({ refusal: 'encoding' });
    await expect(readWatchListFiles('sat-69b', [fixture('refused/empty/empty.csv')])).rejects.toMatchObject({
      refusal: 'header',
    });
  });

  it('refuses the list re-saved in UTF-8, saying so rather than that it is not the 69-B list', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sat-69b-utf8-'));
    const path = join(dir, FILE);
    const text = iconv.decode(readFileSync(fixture(`sat-69b/${FILE}`).path), 'win1252');
    writeFileSync(path, Buffer.from(text, 'utf8'));
    const error = await readWatchListFiles('sat-69b', [{ path }]).catch((e) => e);
    expect(error).toMatchObject({ refusal: 'encoding', file: FILE });
    expect(error.message).toBe(
      `${FILE}: it is encoded in UTF-8, and the SAT publishes it in Windows-1252 only: it was re-saved by an editor or a spreadsheet. Import the file as downloaded.`,
    );
  });
});
