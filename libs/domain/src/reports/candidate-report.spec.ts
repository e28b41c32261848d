import { buildCandidateReport, CandidateReportInput, ReportProcessInput } from './candidate-report';

const T0 = Date.parse('2026-05-17T20:00:00Z'); // 14:00 in Mexico City
const MINUTE = 60_000;
const context = { timeZone: 'America/Mexico_City', generatedAt: new Date('2026-05-18T01:02:03Z') };

const finished = (
  processName: string,
  result: string,
  summary: unknown,
  minutes: number,
): ReportProcessInput => ({
  processName,
  status: 'Finalizado',
  result,
  startDate: T0 + MINUTE,
  endDate: T0 + minutes * MINUTE,
  dependsOn: null,
  summary,
});

const input = (
  processes: ReportProcessInput[],
  overrides: Partial<CandidateReportInput> = {},
): CandidateReportInput => ({
  requestId: '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f',
  clientId: 'acme',
  clientName: 'Acme Recursos Humanos',
  packageId: 'PKG-ACME-BASIC',
  packageName: 'Acme: basic screening',
  personType: 'individual',
  createdAt: T0,
  candidate: {
    name: 'Juan Carlos',
    lastName: 'Hernández',
    secondLastName: 'López',
    businessName: null,
    rfc: 'HELJ900517AB1',
    curp: 'HELJ900517HDFRPN09',
  },
  consent: { basis: 'tacit', noticeVersion: '2026-01' },
  processes,
  ...overrides,
});

describe('buildCandidateReport', () => {
  const done = [
    finished(
      'Peps',
      'Aprobado',
      { listsChecked: [{ source: 'peps', version: 1, asOf: '2026-11-20' }], matches: [] },
      2,
    ),
    finished('BGC News', 'Riesgo Alto', { articlesFound: 3, adverseArticles: 2 }, 3),
  ];

  it('writes the header with the RFC and CURP masked', () => {
    const report = buildCandidateReport(input(done), context);
    expect(report.title).toBe('Reporte de verificación de antecedentes');
    expect(report.reference).toBe('Solicitud 3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f');
    expect(report.fields).toEqual([
      { label: 'Cliente', value: 'Acme Recursos Humanos' },
      { label: 'Paquete', value: 'Acme: basic screening (PKG-ACME-BASIC)' },
      { label: 'Candidato', value: 'Juan Carlos Hernández López' },
      { label: 'Tipo de persona', value: 'Persona física' },
      { label: 'RFC', value: 'HELJ*********' },
      { label: 'CURP', value: 'HELJ**************' },
      { label: 'Aviso de privacidad', value: 'Versión 2026-01 (consentimiento tácito)' },
      { label: 'Resultado revisado', value: 'Riesgo Alto' },
      { label: 'Fecha de registro', value: '17/05/2026 14:00' },
      { label: 'Zona horaria', value: 'hora del centro de México' },
    ]);
    expect(JSON.stringify(report)).not.toMatch(/HELJ900517/);
  });

  it('names the privacy notice the consent refers to, and says when none was recorded', () => {
    const notice = (consent: CandidateReportInput['consent']) =>
      buildCandidateReport(input(done, { consent }), context).fields.find(
        (f) => f.label === 'Aviso de privacidad',
      )?.value;
    expect(notice({ basis: 'express', noticeVersion: '2026-07' })).toBe(
      'Versión 2026-07 (consentimiento expreso)',
    );
    expect(notice(null)).toBe('No proporcionado');
  });

  it('is final once every process has finished: no PRELIMINAR anywhere', () => {
    const report = buildCandidateReport(input(done), context);
    expect(report.title).toBe('Reporte de verificación de antecedentes');
    expect(report.preliminary).toBeNull();
    expect(report.metadata.title).toBe('Reporte de candidato 3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f');
    expect(JSON.stringify(report)).not.toContain('PRELIMINAR');
  });

  it('names the zone of its times in Spanish, never by its IANA id', () => {
    const report = buildCandidateReport(input(done), context);
    expect(JSON.stringify(report)).not.toContain('America/Mexico_City');
    const cancun = buildCandidateReport(input(done), { ...context, timeZone: 'America/Cancun' });
    expect(cancun.fields.at(-1)).toEqual({ label: 'Zona horaria', value: 'hora del sureste de México' });
    expect(cancun.generatedAt).toBe('Generado el 17/05/2026 20:02:03 (hora del sureste de México)');
  });

  it('explains every result colour, most severe first', () => {
    const { legend } = buildCandidateReport(input(done), context);
    expect(legend.title).toBe('Cómo leer los resultados');
    expect(legend.entries.map((e) => [e.badge.label, e.badge.tone])).toEqual([
      ['Riesgo Alto', 'danger'],
      ['Riesgo Medio', 'warning'],
      ['Riesgo Bajo', 'caution'],
      ['Aprobado', 'success'],
      ['No disponible', 'unavailable'],
      ['Pendiente', 'neutral'],
    ]);
    for (const entry of legend.entries) expect(entry.meaning).toMatch(/^[A-ZÁÉÍÓÚ].+\.$/);
  });

  it('carries a confidentiality notice naming the client', () => {
    expect(buildCandidateReport(input(done), context).confidentiality).toBe(
      'Confidencial. Contiene datos personales tratados conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares; uso exclusivo de Acme Recursos Humanos en su proceso de selección. Prohibida su reproducción o entrega a terceros.',
    );
  });

  it('shows the most severe result once every process has finished', () => {
    const report = buildCandidateReport(input(done), context);
    expect(report.overall).toEqual({
      status: 'Completado',
      result: { label: 'Riesgo Alto', tone: 'danger' },
      progress: '2 de 2 procesos finalizados.',
    });
  });

  it('writes one section per process with local times and its summary as sentences', () => {
    const report = buildCandidateReport(input(done), context);
    expect(report.sectionsTitle).toBe('Procesos (2)');
    expect(report.sections[1]).toEqual({
      title: 'BGC News',
      badge: { label: 'Riesgo Alto', tone: 'danger' },
      facts: [
        { label: 'Estado', value: 'Finalizado' },
        { label: 'Inicio', value: '17/05/2026 14:01' },
        { label: 'Fin', value: '17/05/2026 14:03' },
      ],
      sentences: ['Se revisaron 3 notas periodísticas; 2 son adversas.'],
      matches: [],
    });
  });

  it('reports an unfinished request: pending result and why each open process waits', () => {
    const waiting: ReportProcessInput[] = [
      done[0],
      {
        processName: 'Documentos',
        status: 'Pendiente Candidato',
        result: 'Pendiente',
        startDate: T0,
        endDate: null,
        dependsOn: null,
        summary: null,
      },
      {
        processName: 'Geolocalización',
        status: 'Con dependencia',
        result: 'Pendiente',
        startDate: null,
        endDate: null,
        dependsOn: 'Documentos',
        summary: null,
      },
    ];
    const report = buildCandidateReport(input(waiting), context);
    expect(report.title).toBe('Reporte PRELIMINAR de verificación de antecedentes');
    expect(report.metadata.title).toBe(
      'Reporte PRELIMINAR de candidato 3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f',
    );
    expect(report.preliminary).toBe(
      'PRELIMINAR: 2 procesos sin terminar de 3; los resultados pueden cambiar.',
    );
    expect(report.overall).toEqual({
      status: 'En espera del candidato',
      result: { label: 'Pendiente', tone: 'neutral' },
      progress:
        '1 de 3 procesos finalizados; 1 en espera de información del candidato y 1 en espera de otro proceso.',
    });
    expect(report.sections[1].sentences).toEqual(['En espera de que el candidato entregue sus documentos.']);
    expect(report.sections[1].facts.slice(1)).toEqual([
      { label: 'Inicio', value: '17/05/2026 14:00' },
      { label: 'Fin', value: 'Sin terminar' },
    ]);
    expect(report.sections[2].sentences).toEqual(['Comenzará cuando termine el proceso Documentos.']);
    expect(report.sections[2].facts[1]).toEqual({ label: 'Inicio', value: 'Sin iniciar' });
  });

  it('names a company by its business name and says a missing identifier was not given', () => {
    const report = buildCandidateReport(
      input(done, {
        personType: 'corporate',
        candidate: {
          name: null,
          lastName: null,
          secondLastName: null,
          businessName: 'Transportes del Bajío SA de CV',
          rfc: 'TBA0101015X1',
          curp: null,
        },
      }),
      context,
    );
    expect(report.fields.slice(2, 6)).toEqual([
      { label: 'Razón social', value: 'Transportes del Bajío SA de CV' },
      { label: 'Tipo de persona', value: 'Persona moral' },
      { label: 'RFC', value: 'TBA0********' },
      { label: 'CURP', value: 'No proporcionado' },
    ]);
  });

  it('dates the document by the last change of the data; only the generated-at line follows the clock', () => {
    const first = buildCandidateReport(input(done), context);
    const later = buildCandidateReport(input(done), {
      ...context,
      generatedAt: new Date('2026-06-01T12:00:00Z'),
    });
    expect(first.documentDate).toEqual(new Date(T0 + 3 * MINUTE));
    expect(first.generatedAt).toBe('Generado el 17/05/2026 19:02:03 (hora del centro de México)');
    expect({ ...later, generatedAt: first.generatedAt }).toEqual(first);
    expect(later.generatedAt).not.toBe(first.generatedAt);
  });

  it('dates a request nothing has happened to by its registration', () => {
    const queued = [
      { ...done[0], status: 'En proceso', result: 'Pendiente', startDate: null, endDate: null },
    ];
    const report = buildCandidateReport(input(queued), context);
    expect(report.documentDate).toEqual(new Date(T0));
    expect(report.overall.status).toBe('Pendiente de inicio');
    expect(report.sections[0].sentences).toEqual(['En cola: comenzará en breve.']);
  });
});

describe('buildCandidateReport: reviews and disputes', () => {
  const match = (entryId: string) => ({
    source: 'ofac-sdn',
    entryId,
    listedName: 'AISPURO MORENO, Oscar',
    listStatus: 'SDNTK',
    score: 1,
    decision: 'match',
    features: [{ feature: 'rfc_exact', effect: 1 }],
    disputed: false,
  });
  const gwl: ReportProcessInput = {
    ...finished(
      'Global Watch List',
      'Riesgo Alto',
      { listsChecked: [], matches: [match('36125'), match('36126')] },
      2,
    ),
    id: 'p-gwl',
    review: { status: 'pending', reviewedResult: 'Riesgo Alto', disputed: true },
  };
  const legal: ReportProcessInput = {
    ...finished(
      'BGC Legal',
      'Riesgo Medio',
      {
        lawsuitsFound: 2,
        asDefendant: 1,
        categories: ['Civil'],
        persons: [
          {
            entryId: 'u-1',
            fullName: 'JUAN HERNANDEZ',
            lawsuits: 2,
            asDefendant: 1,
            categories: ['Civil'],
            disputed: false,
          },
        ],
      },
      3,
    ),
    id: 'p-legal',
    review: { status: 'reviewed', reviewedResult: 'Aprobado', disputed: false },
  };
  const report = buildCandidateReport(
    input([gwl, legal], {
      reviews: [
        {
          finding: { source: 'legal-records', entryId: 'u-1' },
          decision: 'dismissed',
          reason: 'Homónimo: otra fecha de nacimiento.',
          reviewerEmail: 'ana@acme.test',
          processId: 'p-legal',
          processGeneration: 1,
          at: T0 + 10 * MINUTE,
        },
      ],
      disputes: [
        { finding: { source: 'ofac-sdn', entryId: '36126' }, processId: 'p-gwl', at: T0 + 5 * MINUTE },
      ],
      confirmedAlertResult: null,
    }),
    context,
  );

  it('prints the reviewed result of the request and of each reviewed process', () => {
    expect(report.fields).toContainEqual({ label: 'Resultado revisado', value: 'Riesgo Alto' });
    expect(report.sections[1].facts).toContainEqual({
      label: 'Resultado revisado',
      value: 'Aprobado (todos los hallazgos revisados)',
    });
    expect(report.sections[0].facts).toEqual(
      expect.arrayContaining([
        { label: 'Resultado revisado', value: 'Riesgo Alto (hallazgos por revisar)' },
        { label: 'Disputa', value: 'hallazgo en disputa' },
      ]),
    );
  });

  it('prints each review with its decision, reviewer, date and reason', () => {
    expect(report.sections[1].sentences).toContain(
      'Revisión de Registros judiciales, persona u-1: descartada por ana@acme.test el 17/05/2026 14:10. Motivo: Homónimo: otra fecha de nacimiento.',
    );
    expect(report.sections[1].sentences).toContain(
      'Persona encontrada: «JUAN HERNANDEZ», 2 juicios, 1 como parte demandada.',
    );
  });

  it('marks the disputed match "en disputa", and only that one', () => {
    expect(report.sections[0].matches.map((m) => m.heading.endsWith('(en disputa)'))).toEqual([false, true]);
    expect(
      report.sections[0].sentences.some((s) =>
        s.includes('en disputa por el candidato desde el 17/05/2026 14:05'),
      ),
    ).toBe(true);
  });

  it('prints the reviews of monitor alerts in a section of their own', () => {
    const withAlert = buildCandidateReport(
      input([gwl], {
        reviews: [
          {
            finding: { source: 'ofac-sdn', entryId: '990002' },
            decision: 'confirmed',
            reason: 'Es el candidato.',
            reviewerEmail: 'ana@acme.test',
            processId: null,
            processGeneration: null,
            at: T0 + 20 * MINUTE,
          },
        ],
        confirmedAlertResult: 'Riesgo Alto',
      }),
      context,
    );
    const monitoring = withAlert.sections.at(-1)!;
    expect(monitoring.title).toBe('Monitoreo: alertas revisadas');
    expect(monitoring.sentences).toEqual([
      'Revisión de OFAC, lista SDN, registro 990002: confirmada por ana@acme.test el 17/05/2026 14:20. Motivo: Es el candidato.',
    ]);
    expect(report.sections.map((s) => s.title)).not.toContain('Monitoreo: alertas revisadas');
  });
});
