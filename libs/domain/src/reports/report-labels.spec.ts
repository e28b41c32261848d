import {
  pageLabel,
  pendingProcessSentence,
  progressSentence,
  requestStatusLabel,
  resultBadge,
} from './report-labels';

describe('resultBadge', () => {
  it.each([
    ['Riesgo Alto', 'danger'],
    ['Riesgo Medio', 'warning'],
    ['Riesgo Bajo', 'caution'],
    ['Aprobado', 'success'],
    ['No disponible', 'unavailable'],
    ['Pendiente', 'neutral'],
    ['Algo nuevo', 'neutral'],
  ])('%s -> %s', (result, tone) => {
    expect(resultBadge(result)).toEqual({ label: result, tone });
  });
});

describe('requestStatusLabel', () => {
  it.each([
    ['Pending', 'Pendiente de inicio'],
    ['Processing', 'En proceso'],
    ['Completed', 'Completado'],
    ['Other', 'Other'],
  ])('%s -> %s', (status, label) => {
    expect(requestStatusLabel(status)).toBe(label);
  });

  it('says a completed request with open processes waits for the candidate', () => {
    expect(
      requestStatusLabel('Completed', [{ status: 'Finalizado' }, { status: 'Pendiente Candidato' }]),
    ).toBe('En espera del candidato');
    expect(requestStatusLabel('Completed', [{ status: 'Finalizado' }])).toBe('Completado');
    expect(requestStatusLabel('Processing', [{ status: 'En proceso' }])).toBe('En proceso');
  });
});

describe('pendingProcessSentence', () => {
  const p = (
    processName: string,
    status: string,
    startDate: number | null = 1,
    dependsOn: string | null = null,
  ) => ({
    processName,
    status,
    startDate,
    dependsOn,
  });

  it.each([
    [p('Peps', 'Finalizado'), null],
    [p('Documentos', 'Pendiente Candidato'), 'En espera de que el candidato entregue sus documentos.'],
    [
      p('Referencias Personales', 'Pendiente Candidato'),
      'En espera de que el candidato proporcione sus referencias personales.',
    ],
    [
      p('Referencias Laborales', 'Pendiente Candidato'),
      'En espera de que el candidato proporcione sus referencias laborales.',
    ],
    [
      p('Otro', 'Pendiente Candidato'),
      'En espera de que el candidato proporcione la información solicitada.',
    ],
    [
      p('Geolocalización', 'Con dependencia', null, 'Documentos'),
      'Comenzará cuando termine el proceso Documentos.',
    ],
    [p('Geolocalización', 'Con dependencia', null), 'Comenzará cuando termine el proceso del que depende.'],
    [p('Peps', 'En proceso', null), 'En cola: comenzará en breve.'],
    [p('Peps', 'En proceso', 5), 'En ejecución: el resultado aún no está disponible.'],
    [p('Peps', 'Desconocido'), 'El resultado aún no está disponible.'],
  ])('%p -> %p', (process, sentence) => {
    expect(pendingProcessSentence(process)).toBe(sentence);
  });
});

describe('progressSentence', () => {
  const of = (...statuses: string[]) =>
    statuses.map((status, i) => ({ processName: `P${i}`, status, startDate: 1 }));

  it.each([
    [of('Finalizado', 'Finalizado'), '2 de 2 procesos finalizados.'],
    [of('Finalizado'), '1 de 1 proceso finalizado.'],
    [
      of('Finalizado', 'Pendiente Candidato', 'Con dependencia', 'Con dependencia'),
      '1 de 4 procesos finalizados; 1 en espera de información del candidato y 2 en espera de otro proceso.',
    ],
    [
      of('En proceso', 'Pendiente Candidato', 'Con dependencia'),
      '0 de 3 procesos finalizados; 1 en curso, 1 en espera de información del candidato y 1 en espera de otro proceso.',
    ],
  ])('%#: %s', (processes, sentence) => {
    expect(progressSentence(processes)).toBe(sentence);
  });
});

describe('pageLabel', () => {
  it('numbers pages in Spanish', () => {
    expect(pageLabel(1, 2)).toBe('Página 1 de 2');
  });
});
