import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FEATURE_LABELS, featureLabel, withFeatureLabels } from './feature-labels';

/** The arguments of the call whose `(` is at `open`, split at its own commas. */
function argumentsAt(source: string, open: number): string[] {
  const found: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) {
        found.push(source.slice(start, i));
        return found;
      }
    } else if (c === ',' && depth === 1) {
      found.push(source.slice(start, i));
      start = i + 1;
    }
  }
  return found;
}

/** Which argument of each call names the feature. */
const CODE_ARGUMENT: Record<string, number> = {
  add: 0,
  featureOf: 0,
  identifierMatch: 0,
  notCompared: 0,
  cap: 1,
  floor: 1,
};

/**
 * Every feature code the matcher's sources can emit, read from the sources themselves: the first
 * argument of each `add` of a score sheet, of `featureOf`, `identifierMatch` and `notCompared`, the
 * second of each `cap` and `floor`, and `feature: '...'` literals. A code added there without a
 * label fails here.
 */
function emittedCodes(): Set<string> {
  const files = [
    join(__dirname, 'scoring.ts'),
    join(__dirname, 'compare.ts'),
    join(__dirname, '..', '..', 'monitoring', 'legal-alerts.ts'),
  ];
  const codes = new Set<string>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const call of source.matchAll(/\b(add|cap|floor|featureOf|identifierMatch|notCompared)\(/g)) {
      const argument = argumentsAt(source, call.index + call[0].length - 1)[CODE_ARGUMENT[call[1]]] ?? '';
      for (const [, code] of argument.matchAll(/'([a-z_]+)'/g)) codes.add(code);
    }
    for (const [, code] of source.matchAll(/\bfeature: '([a-z_]+)'/g)) codes.add(code);
  }
  return codes;
}

describe('feature labels (docs/watch-list-matching.md, "Labels")', () => {
  const emitted = emittedCodes();

  it('finds the codes the matcher emits in its sources', () => {
    // A floor, not an exact count: the reader of the sources must keep finding them.
    expect(emitted.size).toBeGreaterThanOrEqual(29);
    for (const code of ['name_exact', 'common_surname', 'name_reordered', 'given_name_initial', 'rfc_stem'])
      expect(emitted).toContain(code);
    expect(emitted).toContain('deceased');
    expect(emitted).toContain('redacted');
  });

  it('labels every code the matcher can emit', () => {
    const unlabelled = [...emitted].filter((code) => !Object.hasOwn(FEATURE_LABELS, code));
    expect(unlabelled).toEqual([]);
  });

  it('keeps no label for a code the matcher no longer emits', () => {
    expect(Object.keys(FEATURE_LABELS).filter((code) => !emitted.has(code))).toEqual([]);
  });

  it('writes each label as a Spanish sentence a person reads, one per code', () => {
    const labels = Object.values(FEATURE_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(label).toMatch(/^[A-ZÁÉÍÓÚÑ][^_]*[^.]$/);
    expect(FEATURE_LABELS).toMatchObject({
      rfc_exact: 'RFC idéntico',
      maternal_surname_differs: 'Apellido materno distinto',
      name_reordered: 'Nombre escrito en otro orden',
      given_name_initial: 'Nombre de pila abreviado o con inicial',
      deceased: 'Persona fallecida',
      common_surname: 'Apellido frecuente',
    });
  });

  it('reads an unknown code as itself, and labels stored features that have none', () => {
    expect(featureLabel('name_exact')).toBe('Nombre idéntico');
    expect(featureLabel('from_a_later_version')).toBe('from_a_later_version');
    expect(featureLabel('toString')).toBe('toString');
    expect(
      withFeatureLabels([
        { feature: 'rfc_exact', effect: 1 },
        { feature: 'alias', effect: -0.03, label: 'kept as stored' },
      ]),
    ).toEqual([
      { feature: 'rfc_exact', effect: 1, label: 'RFC idéntico' },
      { feature: 'alias', effect: -0.03, label: 'kept as stored' },
    ]);
  });
});
