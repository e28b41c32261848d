import { NO_SUMMARY, PROVIDER_PROCESS_NAMES, summarySentences } from '@app/domain';
import { sandboxOutcome, stableHash } from './sandbox-outcome';

const candidate = (i: number) => ({
  name: `Persona ${i}`,
  lastName: 'Hernández',
  birthDate: '1990-05-17',
  nationality: 'MX',
  rfc: 'HELJ900517AB1',
});

describe('sandboxOutcome', () => {
  it.each([...PROVIDER_PROCESS_NAMES])('is deterministic for %s', (name) => {
    expect(sandboxOutcome(name, candidate(1))).toEqual(sandboxOutcome(name, candidate(1)));
  });

  it('varies across candidates: every final result except No disponible appears', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++)
      for (const name of ['BGC News', 'BGC Laboral', 'Reporte de Crédito'] as const)
        seen.add(sandboxOutcome(name, candidate(i)).result);
    expect([...seen].sort()).toEqual(['Aprobado', 'Riesgo Alto', 'Riesgo Bajo', 'Riesgo Medio']);
  });

  it('stands in for a list process (a benchmark baseline) with no list read and nothing matched', () => {
    expect(sandboxOutcome('Global Watch List', candidate(1))).toEqual(
      expect.objectContaining({ result: 'Aprobado', summary: { listsChecked: [], matches: [] } }),
    );
  });

  it('derives BGC Legal from the corpus summary when given', () => {
    expect(
      sandboxOutcome('BGC Legal', candidate(1), {
        legalMatches: { lawsuitsFound: 0, asDefendant: 0, categories: [], persons: [] },
      }).result,
    ).toBe('Aprobado');
    expect(
      sandboxOutcome('BGC Legal', candidate(1), {
        legalMatches: { lawsuitsFound: 4, asDefendant: 0, categories: ['Civil'], persons: [] },
      }).result,
    ).toBe('Riesgo Bajo');
    expect(
      sandboxOutcome('BGC Legal', candidate(1), {
        legalMatches: { lawsuitsFound: 9, asDefendant: 5, categories: ['Penal'], persons: [] },
      }),
    ).toEqual(
      expect.objectContaining({
        result: 'Riesgo Alto',
        summary: { lawsuitsFound: 9, asDefendant: 5, categories: ['Penal'], persons: [] },
      }),
    );
  });

  it('summarizes what the candidate supplied', () => {
    const docs = sandboxOutcome('Documentos', candidate(1), {
      candidateInput: { documents: [{ type: 'INE' }, { type: 'CURP' }] },
    });
    expect(docs.summary).toEqual(expect.objectContaining({ documentsReceived: 2, types: ['INE', 'CURP'] }));
    const refs = sandboxOutcome('Referencias Personales', candidate(1), {
      candidateInput: { references: [{}, {}, {}] },
    });
    expect(refs.summary).toEqual(expect.objectContaining({ referencesProvided: 3 }));
  });

  it('gives a credit score between 300 and 850', () => {
    for (let i = 0; i < 100; i++) {
      const { score } = sandboxOutcome('Reporte de Crédito', candidate(i)).summary as { score: number };
      expect(score).toBeGreaterThanOrEqual(300);
      expect(score).toBeLessThanOrEqual(850);
    }
  });
});

describe('stableHash', () => {
  it('is FNV-1a', () => {
    expect(stableHash('')).toBe(0x811c9dc5);
    expect(stableHash('a')).toBe(0xe40c292c);
  });
});

describe('the sandbox answers in words (summarySentences)', () => {
  // Every summary the sandbox produces reads as sentences: no field names, no JSON, no undefined.
  it.each([...PROVIDER_PROCESS_NAMES])('writes words for every sandbox answer of %s', (name) => {
    const input = { documents: [{ type: 'INE' }, { type: 'TITULO' }], references: [{}, {}] };
    for (let i = 0; i < 40; i++) {
      const { summary } = sandboxOutcome(
        name,
        { name: `Persona ${i}`, lastName: 'Pérez', rfc: `PEPJ9005${10 + i}AB1` },
        { candidateInput: input },
      );
      const sentences = summarySentences(name, summary);
      expect(sentences.length).toBeGreaterThan(0);
      for (const sentence of sentences) {
        expect(sentence).toMatch(/^[A-ZÁÉÍÓÚÑ$¿¡].*\.$/u);
        expect(sentence).not.toMatch(/undefined|null|NaN|\{|\}|\[object/);
      }
      expect(sentences).not.toEqual([NO_SUMMARY]);
    }
  });
});
