import {
  buildCandidateReport,
  type CandidateReportInput,
  PROCESS_NAMES,
  watchListSourcesOf,
  type ReportProcessInput,
} from '@app/domain';
import { sandboxOutcome } from '../sandbox/sandbox-outcome';
import { pdfText } from '../../../../test/support/pdf-text';
import { PdfReportRenderer } from './pdf-report.renderer';

const T0 = Date.parse('2026-05-17T20:00:00Z');
const candidate = {
  name: 'José Ángel',
  lastName: 'Núñez',
  secondLastName: 'Güemes',
  businessName: null,
  rfc: 'NUGJ900517AB1',
  curp: 'NUGJ900517HDFXMS09',
};
const input = { documents: [{ type: 'INE' }, { type: 'COMPROBANTE_DOMICILIO' }], references: [{}, {}] };

/** A list process that read every list of its own and matched nothing. */
function listsCheckedClean(processName: string) {
  const listsChecked = watchListSourcesOf(processName).map((source) => ({
    source,
    version: 1,
    asOf: '2026-11-20',
  }));
  return { listsChecked, matches: [] };
}

/** Every process of the catalogue finished with the sandbox's answers, as PKG-ACME-FULL ends. */
function fullRequest(): CandidateReportInput {
  const processes: ReportProcessInput[] = PROCESS_NAMES.map((processName, i) => {
    const outcome = watchListSourcesOf(processName).length
      ? { result: 'Aprobado', summary: listsCheckedClean(processName) }
      : sandboxOutcome(processName, candidate, { candidateInput: input });
    return {
      processName,
      status: 'Finalizado',
      result: outcome.result,
      startDate: T0 + i * 1000,
      endDate: T0 + i * 1000 + 500,
      dependsOn: null,
      summary: outcome.summary,
    };
  });
  return {
    requestId: '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f',
    clientId: 'acme',
    clientName: 'Acme Recursos Humanos',
    packageId: 'PKG-ACME-FULL',
    packageName: 'Acme: complete screening',
    personType: 'individual',
    createdAt: T0,
    candidate,
    processes,
  };
}

const context = { timeZone: 'America/Mexico_City', generatedAt: new Date('2026-05-18T01:02:03Z') };

describe('PdfReportRenderer', () => {
  const renderer = new PdfReportRenderer();

  it('renders a printable report whose text reads back with its Spanish letters', async () => {
    const report = buildCandidateReport(fullRequest(), context);
    const pdf = await renderer.render(report);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    for (const expected of [
      'Reporte de verificación de antecedentes',
      'José Ángel Núñez Güemes',
      'Acme: complete screening (PKG-ACME-FULL)', // set smaller rather than cut at a hyphen
      'NUGJ*********',
      'NUGJ**************',
      'Validación de estudios',
      'Geolocalización',
      'Reporte de Crédito',
      'Generado el 17/05/2026 19:02:03 (hora del centro de México)',
      'Zona horaria',
      'hora del centro de México',
      `Página 1 de ${pages}`,
      `Página ${pages} de ${pages}`,
      ...report.sections.map((s) => s.badge.label),
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('NUGJ900517');
    expect(text).not.toContain('America/Mexico_City');
  });

  it('is final when every process has finished: no PRELIMINAR on any page', async () => {
    const { text } = await pdfText(await renderer.render(buildCandidateReport(fullRequest(), context)));
    expect(text).toContain('Reporte de verificación de antecedentes');
    expect(text).not.toContain('PRELIMINAR');
  });

  it('says PRELIMINAR in the title and on every page while a process has not finished', async () => {
    const request = fullRequest();
    request.processes[3] = {
      ...request.processes[3],
      status: 'Pendiente Candidato',
      result: 'Pendiente',
      endDate: null,
      summary: null,
    };
    request.processes[7] = {
      ...request.processes[7],
      status: 'En proceso',
      result: 'Pendiente',
      endDate: null,
      summary: null,
    };
    const report = buildCandidateReport(request, context);
    const { pageTexts, pages } = await pdfText(await renderer.render(report));
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(pageTexts[0]).toContain('Reporte PRELIMINAR de verificación de antecedentes');
    for (const page of pageTexts)
      expect(page).toContain(
        `PRELIMINAR: 2 procesos sin terminar de ${PROCESS_NAMES.length}; los resultados pueden cambiar.`,
      );
  });

  it('explains the colours of the results, and carries the confidentiality notice on every page', async () => {
    const report = buildCandidateReport(fullRequest(), context);
    const { text, pageTexts } = await pdfText(await renderer.render(report));
    expect(text).toContain('Cómo leer los resultados');
    for (const colour of ['(rojo)', '(naranja)', '(amarillo)', '(verde)', '(gris azulado)', '(gris)'])
      expect(text).toContain(colour);
    for (const entry of report.legend.entries) expect(text).toContain(entry.badge.label);
    const squeeze = (value: string) => value.replace(/\s+/g, ' ');
    for (const page of pageTexts) {
      expect(squeeze(page)).toContain(
        'Confidencial. Contiene datos personales tratados conforme a la Ley Federal de Protección de Datos Personales',
      );
      expect(squeeze(page)).toContain('uso exclusivo de Acme Recursos Humanos');
    }
  });

  it.each([
    ['Polish and Vietnamese', 'Łukasz', 'Nguyễn', 'Trần'],
    ['a diaeresis and Greek', 'Zoë', 'Παπαδοπούλου', 'Αλεξίου'],
    ['Cyrillic', 'Пётр', 'Иванов', 'Щукин'],
    ['Czech and Turkish', 'Šárka', 'Dvořák', 'Yıldız'],
  ])('writes a name in %s exactly (the font is embedded)', async (_label, name, lastName, secondLastName) => {
    const request = fullRequest();
    request.candidate = { ...request.candidate, name, lastName, secondLastName };
    const pdf = await renderer.render(buildCandidateReport(request, context));
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
    const { text } = await pdfText(pdf);
    expect(text).toContain(`${name} ${lastName} ${secondLastName}`);
  });

  it.each([
    ['Chinese', '小明', '王'],
    ['Japanese', 'たろう', '山田'],
    ['Korean', '민준', '김'],
    ['Arabic', 'محمد', 'علي'],
    ['Hebrew', 'דוד', 'כהן'],
    ['Devanagari', 'राहुल', 'कुमार'],
    ['Thai', 'สมชาย', 'ใจดี'],
  ])(
    'writes a name in %s so that it reads back (a fallback font, embedded as a subset)',
    async (_s, name, lastName) => {
      const request = fullRequest();
      request.candidate = { ...request.candidate, name, lastName, secondLastName: null };
      const pdf = await renderer.render(buildCandidateReport(request, context));
      const { text } = await pdfText(pdf);
      expect(text).toContain(name);
      expect(text).toContain(lastName);
      // Subsets of a few glyphs: the document stays the size of a Latin one.
      expect(pdf.length).toBeLessThan(120_000);
    },
  );

  it('writes each match of a list process: its labels and the candidate beside the entry, field by field', async () => {
    const request = fullRequest();
    const gwl = request.processes.findIndex((p) => p.processName === 'Global Watch List');
    request.processes[gwl] = {
      ...request.processes[gwl],
      result: 'Riesgo Alto',
      summary: {
        listsChecked: [{ source: 'ofac-sdn', version: 1, asOf: '2026-11-20' }],
        matches: [
          {
            source: 'ofac-sdn',
            entryId: '36125',
            listedName: 'NUNEZ GUEMES, Jose Angel',
            listStatus: 'SDNTK',
            score: 0.93,
            decision: 'match',
            features: [
              { feature: 'name_exact', effect: 1, label: 'Nombre idéntico' },
              { feature: 'common_surname', effect: -0.07, label: 'Apellido frecuente' },
            ],
            comparison: [
              { field: 'givenNames', candidate: 'José Ángel', listed: 'Jose Angel', same: true },
              { field: 'paternalSurname', candidate: 'Núñez', listed: 'NUNEZ', same: true },
              { field: 'maternalSurname', candidate: 'Güemes', listed: 'GUEMES', same: true },
              { field: 'birthDate', candidate: '1990-05-17', listed: '1990', same: true },
              { field: 'rfc', candidate: 'NUGJ900517AB1', listed: null, same: null },
              { field: 'curp', candidate: 'NUGJ900517HDFXMS09', listed: null, same: null },
              { field: 'nationality', candidate: 'MX', listed: 'CO', same: false },
            ],
          },
        ],
      },
    };
    const { text } = await pdfText(await renderer.render(buildCandidateReport(request, context)));
    const squeezed = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Coincidencia con «NUNEZ GUEMES, Jose Angel» en OFAC, lista SDN (SDNTK), puntuación 0.93.',
      'Motivos: Nombre idéntico; Apellido frecuente.',
      'Campo Candidato En la lista ¿Coincide?',
      'Nombre(s) José Ángel Jose Angel Sí',
      'Apellido paterno Núñez NUNEZ Sí',
      'Apellido materno Güemes GUEMES Sí',
      'Fecha de nacimiento 17 de mayo de 1990 1990 Sí',
      'RFC NUGJ********* Sin dato —',
      'CURP NUGJ************** Sin dato —',
      'Nacionalidad MX CO No',
    ])
      expect(squeezed).toContain(expected);
    expect(text).not.toContain('NUGJ900517');
  });

  it('reads back a glyph that an earlier report embedded as a part of another (Π holds П, i holds ı)', async () => {
    const named = (name: string, lastName: string) => {
      const request = fullRequest();
      request.candidate = { ...request.candidate, name, lastName, secondLastName: null };
      return buildCandidateReport(request, context);
    };
    const fresh = new PdfReportRenderer();
    await fresh.render(named('Παύλος', 'Πapadimitriou'));
    const { text } = await pdfText(await fresh.render(named('Пётр', 'Yıldız')));
    expect(text).toContain('Пётр Yıldız');
  });

  it('composes a name sent with combining accents (NFD) into single letters', async () => {
    const request = fullRequest();
    request.candidate = {
      ...request.candidate,
      name: 'Jose\u0301',
      lastName: 'Nu\u0301n\u0303ez',
      secondLastName: null,
    };
    const { text } = await pdfText(await renderer.render(buildCandidateReport(request, context)));
    expect(text).toContain('José Núñez');
  });

  it('writes ¿ ¡ ü ñ and accented capitals exactly', async () => {
    const report = buildCandidateReport(fullRequest(), context);
    report.sections[0].sentences = ['¿Señalado? ¡No! Pingüino, ÁÉÍÓÚ áéíóú Ññ Üü.'];
    const { text } = await pdfText(await renderer.render(report));
    expect(text).toContain('¿Señalado? ¡No! Pingüino, ÁÉÍÓÚ áéíóú Ññ Üü.');
  });

  it('gives the same bytes for the same data and generation time', async () => {
    const report = buildCandidateReport(fullRequest(), context);
    const [first, second] = await Promise.all([renderer.render(report), renderer.render(report)]);
    expect(first.equals(second)).toBe(true);
    // The document's date is the last process's end (fullRequest ends one a second from T0).
    const lastEnd = new Date(T0 + (PROCESS_NAMES.length - 1) * 1000 + 500);
    expect(first.toString('latin1')).toContain(
      `(D:${lastEnd.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z)`,
    );
  });

  it('loads pdfkit and the fonts with the first report, not with the module (the processor never renders one)', async () => {
    const loaded = new Set<string>();
    for (const name of ['pdfkit', 'fontkit'])
      jest.doMock(name, () => {
        loaded.add(name);
        return jest.requireActual(name);
      });
    let Renderer: typeof PdfReportRenderer | undefined;
    jest.isolateModules(() => {
      ({ PdfReportRenderer: Renderer } =
        jest.requireActual<typeof import('./pdf-report.renderer')>('./pdf-report.renderer'));
    });
    expect([...loaded]).toEqual([]);
    const pdf = await new Renderer!().render(buildCandidateReport(fullRequest(), context));
    expect([...loaded].sort()).toEqual(['fontkit', 'pdfkit']);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    jest.dontMock('pdfkit');
    jest.dontMock('fontkit');
  });
});
