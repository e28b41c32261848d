import { clientViolations, packageViolations, processList } from './onboarding';

const messages = (violations: Array<{ field: string; message: string }>) =>
  violations.map((v) => `${v.field}: ${v.message}`);

describe('onboarding', () => {
  it.each([
    [{ id: 'acme-mx', name: 'Acme México' }, []],
    [{ id: 'ab', name: 'A' }, []],
    [{ id: 'a', name: 'A' }, ['id']],
    [{ id: 'Acme', name: 'A' }, ['id']],
    [{ id: 'acme_mx', name: 'A' }, ['id']],
    [{ id: 'a'.repeat(65), name: 'A' }, ['id']],
    [{ id: 'acme', name: ' ' }, ['name']],
    [{ id: 'acme', name: 'Acme\u202E' }, ['name']],
    [{ id: 'acme', name: 'x'.repeat(201) }, ['name']],
  ])('client %p breaks %p', (input, expected) => {
    expect(clientViolations(input).map((v) => v.field)).toEqual(expected);
  });

  it('reads a list of process names', () => {
    expect(processList(' Peps, BGC Legal ,,Listas negras del SAT')).toEqual([
      'Peps',
      'BGC Legal',
      'Listas negras del SAT',
    ]);
  });

  it('accepts the names of the catalogue and names what it does not know', () => {
    expect(packageViolations({ id: 'PKG-X', name: 'Básico', processes: ['Peps', 'BGC Legal'] })).toEqual([]);
    expect(messages(packageViolations({ id: 'PKG-X', name: 'B', processes: ['Peps', 'Buró'] }))).toEqual([
      expect.stringMatching(/^processes: Unknown process "Buró": the processes are Peps, .*BGC Legal\.$/),
    ]);
    expect(messages(packageViolations({ id: 'PKG X', name: '', processes: [] }))).toEqual([
      expect.stringMatching(/^id: /),
      'name: name is required.',
      'processes: processes must name at least one process.',
    ]);
    expect(messages(packageViolations({ id: 'P', name: 'B', processes: ['Peps', 'Peps'] }))).toEqual([
      'processes: "Peps" is named twice.',
    ]);
  });
});
