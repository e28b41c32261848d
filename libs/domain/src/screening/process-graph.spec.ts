import { PROCESS_NAMES, ProcessName } from './catalog';
import { PROCESS_TYPES } from './process-types';
import {
  dependentsOf,
  initialStatus,
  NEEDS_CANDIDATE,
  PROCESS_DEPENDENCY,
  processesForRegistration,
} from './process-graph';

const ALL = [...PROCESS_NAMES];

describe('process graph (docs/behaviour.md)', () => {
  it.each([
    ['Referencias Laborales', 'BGC Laboral'],
    ['Validación de estudios', 'Documentos'],
    ['Geolocalización', 'Documentos'],
  ] as Array<[ProcessName, ProcessName]>)('%s waits for %s', (name, dependency) => {
    expect(PROCESS_DEPENDENCY[name]).toBe(dependency);
    expect(initialStatus(name, ALL)).toBe('Con dependencia');
  });

  it('starts every process that depends on none at once', () => {
    for (const type of PROCESS_TYPES)
      expect([type.name, initialStatus(type.name, ALL)]).toEqual([
        type.name,
        type.dependsOn ? 'Con dependencia' : 'En proceso',
      ]);
  });

  it('does not block on a dependency the package lacks', () => {
    expect(initialStatus('Geolocalización', ['Geolocalización', 'Peps'])).toBe('En proceso');
  });

  it('names the processes that need the candidate', () => {
    expect([...NEEDS_CANDIDATE].sort()).toEqual(
      PROCESS_TYPES.filter((type) => type.candidateInput)
        .map((type) => type.name)
        .sort(),
    );
    expect([...NEEDS_CANDIDATE]).toEqual(
      expect.arrayContaining(['Documentos', 'Referencias Laborales', 'Referencias Personales']),
    );
  });

  it('lists dependents within the request', () => {
    for (const type of PROCESS_TYPES)
      expect(dependentsOf(type.name, ALL)).toEqual(
        PROCESS_TYPES.filter((t) => t.dependsOn === type.name).map((t) => t.name),
      );
    expect(dependentsOf('Documentos', ALL)).toEqual(
      expect.arrayContaining(['Geolocalización', 'Validación de estudios']),
    );
    expect(dependentsOf('Documentos', ['Documentos', 'Peps'])).toEqual([]);
  });

  it('drops personal references for corporate registrations only (rule 6), keeping order', () => {
    expect(processesForRegistration(ALL, 'corporate')).toEqual(
      ALL.filter((n) => n !== 'Referencias Personales'),
    );
    expect(processesForRegistration(ALL, 'individual')).toEqual(ALL);
  });
});
