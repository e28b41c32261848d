import { outcomeAfterRetriesExhausted } from '../screening/process-provider';
import {
  creditReportSentences,
  documentsSentences,
  educationSentences,
  geolocationSentences,
  globalWatchListSentences,
  laborBackgroundSentences,
  legalBackgroundSentences,
  newsSentences,
  NO_SUMMARY,
  pepsSentences,
  referencesSentences,
  satBlacklistSentences,
} from './summary-sentences';
import { summarySentences } from './candidate-report';

describe('pepsSentences', () => {
  it.each([
    [{ isPep: false, positionsHeld: [] }, ['No se identificó como persona políticamente expuesta (PEP).']],
    [
      {
        isPep: true,
        positionsHeld: [
          {
            position: 'Director de área',
            institution: 'Secretaría de Hacienda',
            from: '2012-01-01',
            to: '2015-12-31',
          },
          { position: 'Regidor', institution: 'Ayuntamiento de Monterrey', from: '2018-01-01', to: null },
        ],
      },
      [
        'Se identificó como persona políticamente expuesta (PEP), con 2 cargos públicos registrados.',
        'Director de área en Secretaría de Hacienda, de 2012 a 2015.',
        'Regidor en Ayuntamiento de Monterrey, desde 2018 y hasta la fecha.',
      ],
    ],
    [
      {
        isPep: true,
        positionsHeld: [
          { position: 'Diputado local', institution: 'IMSS', from: '2005-01-01', to: '2006-12-31' },
        ],
      },
      [
        'Se identificó como persona políticamente expuesta (PEP), con 1 cargo público registrado.',
        'Diputado local en IMSS, de 2005 a 2006.',
      ],
    ],
  ])('%#', (summary, sentences) => {
    expect(pepsSentences(summary)).toEqual(sentences);
  });
});

describe('satBlacklistSentences', () => {
  it.each([
    [
      { listed: false, situation69B: 'Sin registro' as const },
      [
        'No aparece en las listas negras del SAT.',
        'Situación ante el artículo 69-B del Código Fiscal de la Federación: sin registro.',
      ],
    ],
    [
      { listed: true, situation69B: 'Definitivo' as const },
      [
        'Aparece en las listas negras del SAT.',
        'Situación ante el artículo 69-B del Código Fiscal de la Federación: definitivo.',
      ],
    ],
  ])('%#', (summary, sentences) => {
    expect(satBlacklistSentences(summary)).toEqual(sentences);
  });
});

describe('globalWatchListSentences', () => {
  const lists = (ofac: number, onu: number, ue: number, interpol: number) => ({
    totalHits: ofac + onu + ue + interpol,
    hitsPerList: [
      { list: 'OFAC SDN' as const, hits: ofac },
      { list: 'ONU' as const, hits: onu },
      { list: 'UE' as const, hits: ue },
      { list: 'Interpol' as const, hits: interpol },
    ],
  });
  it.each([
    [
      lists(0, 0, 0, 0),
      'Sin coincidencias en las listas internacionales revisadas (OFAC SDN, ONU, UE e Interpol).',
    ],
    [lists(1, 0, 0, 0), 'Se encontró 1 coincidencia en listas internacionales: OFAC SDN (1).'],
    [
      lists(2, 0, 0, 1),
      'Se encontraron 3 coincidencias en listas internacionales: OFAC SDN (2) e Interpol (1).',
    ],
  ])('%#', (summary, sentence) => {
    expect(globalWatchListSentences(summary)).toEqual([sentence]);
  });
});

describe('creditReportSentences', () => {
  it.each([
    [
      { score: 712, openAccounts: 4, accountsInArrears: 0, totalDebtMxn: 85000 },
      [
        'Puntaje crediticio de 712 puntos (escala de 300 a 850).',
        'Tiene 4 cuentas abiertas; ninguna con pagos atrasados.',
        'Deuda total: $85,000 MXN.',
      ],
    ],
    [
      { score: 410, openAccounts: 1, accountsInArrears: 1, totalDebtMxn: 5000 },
      [
        'Puntaje crediticio de 410 puntos (escala de 300 a 850).',
        'Tiene 1 cuenta abierta; 1 con pagos atrasados.',
        'Deuda total: $5,000 MXN.',
      ],
    ],
  ])('%#', (summary, sentences) => {
    expect(creditReportSentences(summary)).toEqual(sentences);
  });
});

describe('legalBackgroundSentences', () => {
  it.each([
    [
      { lawsuitsFound: 0, asDefendant: 0, categories: [] },
      ['No se encontraron juicios a su nombre en los registros judiciales.'],
    ],
    [
      { lawsuitsFound: 1, asDefendant: 0, categories: ['Civil'] },
      [
        'Se encontró 1 juicio a su nombre en los registros judiciales, ninguno como parte demandada.',
        'Materia: Civil.',
      ],
    ],
    [
      { lawsuitsFound: 5, asDefendant: 2, categories: ['Civil', 'Mercantil', 'Penal'] },
      [
        'Se encontraron 5 juicios a su nombre en los registros judiciales, 2 de ellos como parte demandada.',
        'Materias: Civil, Mercantil y Penal.',
      ],
    ],
    [
      { lawsuitsFound: 2, asDefendant: 1, categories: [] },
      ['Se encontraron 2 juicios a su nombre en los registros judiciales, 1 de ellos como parte demandada.'],
    ],
  ])('%#', (summary, sentences) => {
    expect(legalBackgroundSentences(summary)).toEqual(sentences);
  });
});

describe('newsSentences', () => {
  it.each([
    [{ articlesFound: 0, adverseArticles: 0 }, 'No se encontraron notas periodísticas sobre la persona.'],
    [{ articlesFound: 1, adverseArticles: 0 }, 'Se revisó 1 nota periodística; no es adversa.'],
    [{ articlesFound: 3, adverseArticles: 0 }, 'Se revisaron 3 notas periodísticas; ninguna es adversa.'],
    [{ articlesFound: 3, adverseArticles: 1 }, 'Se revisaron 3 notas periodísticas; 1 es adversa.'],
    [{ articlesFound: 12, adverseArticles: 3 }, 'Se revisaron 12 notas periodísticas; 3 son adversas.'],
  ])('%p', (summary, sentence) => {
    expect(newsSentences(summary)).toEqual([sentence]);
  });
});

describe('laborBackgroundSentences', () => {
  it.each([
    [
      { lawsuitsAsWorker: 0, lawsuitsAsEmployer: 0 },
      'No tiene demandas laborales como trabajador ni como empleador.',
    ],
    [
      { lawsuitsAsWorker: 3, lawsuitsAsEmployer: 1 },
      'Demandas laborales: 3 como trabajador y 1 como empleador.',
    ],
  ])('%p', (summary, sentence) => {
    expect(laborBackgroundSentences(summary)).toEqual([sentence]);
  });
});

describe('educationSentences', () => {
  it.each([
    [
      { degreeVerified: true, institution: 'UNAM', level: 'Licenciatura' as const },
      'Se verificó su grado de licenciatura en UNAM.',
    ],
    [
      { degreeVerified: false, institution: 'IPN', level: 'Maestría' as const },
      'No se pudo verificar el grado de maestría declarado en IPN.',
    ],
  ])('%p', (summary, sentence) => {
    expect(educationSentences(summary)).toEqual([sentence]);
  });
});

describe('geolocationSentences', () => {
  it.each([
    [{ addressVerified: true, distanceKm: 0 }, 'Se verificó el domicilio declarado.'],
    [
      { addressVerified: true, distanceKm: 3 },
      'Se verificó el domicilio declarado, a 3 km de la ubicación confirmada.',
    ],
    [
      { addressVerified: false, distanceKm: 1200 },
      'No se pudo verificar el domicilio declarado: la ubicación confirmada está a 1,200 km.',
    ],
  ])('%p', (summary, sentence) => {
    expect(geolocationSentences(summary)).toEqual([sentence]);
  });
});

describe('documentsSentences', () => {
  it.each([
    [{ documentsReceived: 0, documentsVerified: 0, types: [] }, 'El candidato no entregó documentos.'],
    [
      { documentsReceived: 1, documentsVerified: 1, types: ['INE'] },
      'Se recibió 1 documento (INE) y se verificó.',
    ],
    [
      { documentsReceived: 2, documentsVerified: 2, types: ['INE', 'COMPROBANTE_DOMICILIO'] },
      'Se recibieron 2 documentos (INE y comprobante de domicilio) y se verificaron todos.',
    ],
    [
      {
        documentsReceived: 3,
        documentsVerified: 2,
        types: ['PASAPORTE', 'TITULO', 'CONSTANCIA_SITUACION_FISCAL'],
      },
      'Se recibieron 3 documentos (pasaporte, título profesional y constancia de situación fiscal); solo se verificaron 2.',
    ],
    [
      { documentsReceived: 2, documentsVerified: 1, types: ['ACTA_NACIMIENTO', 'CEDULA_PROFESIONAL'] },
      'Se recibieron 2 documentos (acta de nacimiento y cédula profesional); solo se verificó 1.',
    ],
    [
      { documentsReceived: 1, documentsVerified: 0, types: ['OTRO'] },
      'Se recibió 1 documento (OTRO); no se pudo verificar ninguno.',
    ],
  ])('%p', (summary, sentence) => {
    expect(documentsSentences(summary)).toEqual([sentence]);
  });
});

describe('referencesSentences', () => {
  it.each([
    [
      { referencesProvided: 0, referencesConfirmed: 0 },
      'personal',
      'No se proporcionaron referencias personales.',
    ],
    [
      { referencesProvided: 2, referencesConfirmed: 2 },
      'personal',
      'Se confirmaron 2 de 2 referencias personales proporcionadas.',
    ],
    [
      { referencesProvided: 3, referencesConfirmed: 1 },
      'personal',
      'Se confirmó 1 de 3 referencias personales proporcionadas.',
    ],
    [
      { referencesProvided: 1, referencesConfirmed: 1 },
      'laboral',
      'Se confirmó 1 de 1 referencia laboral proporcionada.',
    ],
    [
      { referencesProvided: 1, referencesConfirmed: 0 },
      'laboral',
      'Se confirmaron 0 de 1 referencia laboral proporcionada.',
    ],
  ] as const)('%p %s', (summary, kind, sentence) => {
    expect(referencesSentences(summary, kind)).toEqual([sentence]);
  });
});

describe('summarySentences', () => {
  it('dispatches on the process name', () => {
    expect(summarySentences('BGC News', { articlesFound: 0, adverseArticles: 0 })).toEqual([
      'No se encontraron notas periodísticas sobre la persona.',
    ]);
    expect(
      summarySentences('Referencias Laborales', { referencesProvided: 0, referencesConfirmed: 0 }),
    ).toEqual(['No se proporcionaron referencias laborales.']);
  });

  it('explains an unavailable provider in Spanish, not with the stored English reason', () => {
    const { summary } = outcomeAfterRetriesExhausted('Peps');
    expect(summarySentences('Peps', summary)).toEqual([
      'El proveedor no respondió tras varios intentos, por lo que el resultado no está disponible.',
    ]);
  });

  it.each([null, undefined, {}, [], 'texto', 3])('says there is no summary for %p', (summary) => {
    expect(summarySentences('Peps', summary)).toEqual([NO_SUMMARY]);
  });

  it('says there is no summary for an unknown process', () => {
    expect(summarySentences('Proceso nuevo', { anything: 1 })).toEqual([NO_SUMMARY]);
  });
});
