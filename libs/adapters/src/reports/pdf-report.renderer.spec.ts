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

/** All twelve processes finished with the sandbox's answers, as PKG-ACME-FULL ends. */
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
      'NUGJ*********',
      'NUGJ**************',
      'Validación de estudios',
      'Geolocalización',
      'Reporte de Crédito',
      'Generado el 17/05/2026 19:02:03 (hora de America/Mexico_City)',
      `Página 1 de ${pages}`,
      `Página ${pages} de ${pages}`,
      ...report.sections.map((s) => s.badge.label),
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('NUGJ900517');
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
    expect(first.toString('latin1')).toContain('(D:20260517200011Z)');
  });

  it('loads pdfkit with the first report, not with the module (the processor never renders one)', async () => {
    let loaded = false;
    jest.doMock('pdfkit', () => {
      loaded = true;
      return jest.requireActual('pdfkit');
    });
    let Renderer: typeof PdfReportRenderer | undefined;
    jest.isolateModules(() => {
      ({ PdfReportRenderer: Renderer } =
        jest.requireActual<typeof import('./pdf-report.renderer')>('./pdf-report.renderer'));
    });
    expect(loaded).toBe(false);
    const pdf = await new Renderer!().render(buildCandidateReport(fullRequest(), context));
    expect(loaded).toBe(true);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    jest.dontMock('pdfkit');
  });
});
