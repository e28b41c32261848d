import { PROCESS_NAMES, ProcessName } from './catalog';
import {
  dependentsOf,
  initialStatus,
  NEEDS_CANDIDATE,
  PROCESS_DEPENDENCY,
  processesForRegistration,
} from './process-graph';

const ALL = [...PROCESS_NAMES];

describe('process graph (CONTRACT 4.2)', () => {
  it.each([
    ['Referencias Laborales', 'BGC Laboral'],
    ['Validación de estudios', 'Documentos'],
    ['Geolocalización', 'Documentos'],
  ] as Array<[ProcessName, ProcessName]>)('%s waits for %s', (name, dependency) => {
    expect(PROCESS_DEPENDENCY[name]).toBe(dependency);
    expect(initialStatus(name, ALL)).toBe('Con dependencia');
  });

  it('starts every other process at once', () => {
    const waiting = ALL.filter((name) => initialStatus(name, ALL) === 'Con dependencia');
    expect(waiting.sort()).toEqual(['Geolocalización', 'Referencias Laborales', 'Validación de estudios']);
  });

  it('does not block on a dependency the package lacks', () => {
    expect(initialStatus('Geolocalización', ['Geolocalización', 'Peps'])).toBe('En proceso');
  });

  it('names the processes that need the candidate', () => {
    expect([...NEEDS_CANDIDATE].sort()).toEqual([
      'Documentos',
      'Referencias Laborales',
      'Referencias Personales',
    ]);
  });

  it('lists dependents within the request', () => {
    expect(dependentsOf('Documentos', ALL).sort()).toEqual(['Geolocalización', 'Validación de estudios']);
    expect(dependentsOf('BGC Laboral', ALL)).toEqual(['Referencias Laborales']);
    expect(dependentsOf('Documentos', ['Documentos', 'Peps'])).toEqual([]);
  });

  it('drops personal references for corporate registrations only (rule 6), keeping order', () => {
    expect(processesForRegistration(ALL, 'corporate')).toEqual(
      ALL.filter((n) => n !== 'Referencias Personales'),
    );
    expect(processesForRegistration(ALL, 'individual')).toEqual(ALL);
  });
});
