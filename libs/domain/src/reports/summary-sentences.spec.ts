import { outcomeAfterRetriesExhausted } from '../screening/process-provider';
import {
  creditReportSentences,
  documentsSentences,
  educationSentences,
  geolocationSentences,
  laborBackgroundSentences,
  legalBackgroundSentences,
  matchSentence,
  newsSentences,
  NO_SUMMARY,
  referencesSentences,
  watchListSentences,
} from './summary-sentences';
import { summarySentences } from './candidate-report';

describe('watchListSentences', () => {
  const ofac = { source: 'ofac-sdn' as const, version: 3, asOf: '2026-11-20' };
  const un = { source: 'un-consolidated' as const, version: 1, asOf: '2026-01-05' };
  const peps = { source: 'peps' as const, version: 2, asOf: null };
  const match = (decision: 'match' | 'possible_match', score: number) => ({
    source: 'ofac-sdn' as const,
    entryId: '12345',
    listedName: 'AISPURO MORENO, Oscar',
    listStatus: 'SDNTK',
    score,
    decision,
    features: [{ feature: 'name_exact', effect: 0.9, label: 'Nombre idéntico' }],
    disputed: false,
    comparison: [],
  });
  it.each([
    [
      { listsChecked: [], matches: [] },
      ['No había ninguna versión importada de las listas de este proceso: no se pudo revisar.'],
    ],
    [
      { listsChecked: [ofac, un], matches: [] },
      [
        'Listas revisadas: OFAC, lista SDN (al 20 de noviembre de 2026) y Consejo de Seguridad de la ONU, lista consolidada (al 5 de enero de 2026).',
        'Sin coincidencias.',
      ],
    ],
    [
      { listsChecked: [peps], matches: [] },
      ['Lista revisada: Personas políticamente expuestas (PEP) (sin fecha).', 'Sin coincidencias.'],
    ],
    [
      { listsChecked: [ofac], matches: [match('match', 1), match('possible_match', 0.8)] },
      ['Lista revisada: OFAC, lista SDN (al 20 de noviembre de 2026).', 'Se encontraron 2 coincidencias.'],
    ],
  ])('%#', (summary, sentences) => {
    expect(watchListSentences(summary)).toEqual(sentences);
  });

  it('names each match in a sentence of its own (the report explains it below)', () => {
    expect([match('match', 1), match('possible_match', 0.8)].map(matchSentence)).toEqual([
      'Coincidencia con «AISPURO MORENO, Oscar» en OFAC, lista SDN (SDNTK), puntuación 1.00.',
      'Posible coincidencia con «AISPURO MORENO, Oscar» en OFAC, lista SDN (SDNTK), puntuación 0.80.',
    ]);
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
      { lawsuitsFound: 0, asDefendant: 0, categories: [], persons: [] },
      ['No se encontraron juicios a su nombre en los registros judiciales.'],
    ],
    [
      { lawsuitsFound: 1, asDefendant: 0, categories: ['Civil'], persons: [] },
      [
        'Se encontró 1 juicio a su nombre en los registros judiciales, ninguno como parte demandada.',
        'Materia: Civil.',
      ],
    ],
    [
      { lawsuitsFound: 5, asDefendant: 2, categories: ['Civil', 'Mercantil', 'Penal'], persons: [] },
      [
        'Se encontraron 5 juicios a su nombre en los registros judiciales, 2 de ellos como parte demandada.',
        'Materias: Civil, Mercantil y Penal.',
      ],
    ],
    [
      { lawsuitsFound: 2, asDefendant: 1, categories: [], persons: [] },
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
