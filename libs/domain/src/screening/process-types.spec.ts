import { PROCESS_NAMES, processTypeOf } from './catalog';
import { CANDIDATE_INPUT_RULES } from './candidate-input';
import { PROCESS_TYPES } from './process-types';
import { PROCESS_SUMMARIES } from './summaries';

describe('the process-type catalogue', () => {
  it('names each type once, the types of docs/behaviour.md first and in its order (new types are appended)', () => {
    expect(new Set(PROCESS_NAMES).size).toBe(PROCESS_TYPES.length);
    expect(PROCESS_NAMES.slice(0, 12)).toEqual([
      'Peps',
      'Listas negras del SAT',
      'Referencias Personales',
      'Validación de estudios',
      'BGC Laboral',
      'Global Watch List',
      'Referencias Laborales',
      'Geolocalización',
      'Documentos',
      'BGC News',
      'Reporte de Crédito',
      'BGC Legal',
    ]);
  });

  it.each(PROCESS_TYPES.map((type) => [type.name, type] as const))(
    '%s depends on a type of the catalogue, without a cycle',
    (_name, type) => {
      const seen = new Set<string>([type.name]);
      for (let next = type.dependsOn; next !== null; next = processTypeOf(next)?.dependsOn ?? null) {
        expect(processTypeOf(next)).toBeDefined();
        expect(seen.has(next)).toBe(false);
        seen.add(next);
      }
    },
  );

  it('uses only summaries the API documents, and candidate inputs that have rules', () => {
    for (const type of PROCESS_TYPES) {
      expect(PROCESS_SUMMARIES).toContain(type.summary);
      if (type.candidateInput) expect(CANDIDATE_INPUT_RULES[type.candidateInput]).toBeDefined();
    }
  });

  it('gives the legal-records matches to BGC Legal only', () => {
    expect(PROCESS_TYPES.filter((type) => type.usesLegalRecords).map((type) => type.name)).toEqual([
      'BGC Legal',
    ]);
  });

  it('answers undefined for a name it lacks', () => {
    expect(processTypeOf('Proceso nuevo')).toBeUndefined();
  });
});
