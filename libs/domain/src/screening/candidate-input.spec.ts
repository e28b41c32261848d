import { candidateInputShapeViolations, validateCandidateInput } from './candidate-input';

const doc = { type: 'INE', fileName: 'ine.pdf', sha256: 'a'.repeat(64) };
const personal = { name: 'María López', phone: '+525511112222', relationship: 'Amiga' };
const work = {
  company: 'ACME',
  contactName: 'Laura',
  phone: '+524771234567',
  position: 'Supervisor',
  startDate: '2019-02-01',
  endDate: '2023-06-30',
};
const fields = (...args: Parameters<typeof validateCandidateInput>) =>
  validateCandidateInput(...args).map((v) => v.field);

describe('validateCandidateInput', () => {
  it('accepts valid bodies for the three candidate-facing processes', () => {
    expect(fields('Documentos', { documents: [doc] })).toEqual([]);
    expect(fields('Referencias Personales', { references: [personal, personal] })).toEqual([]);
    expect(fields('Referencias Laborales', { references: [work] })).toEqual([]);
  });

  it.each([
    [{}, ['documents']],
    [{ documents: [] }, ['documents']],
    [{ documents: [{ ...doc, type: 'SELFIE' }] }, ['documents[0].type']],
    [{ documents: [doc, { ...doc, sha256: 'xyz' }] }, ['documents[1].sha256']],
    [{ documents: [{ ...doc, fileName: '' }] }, ['documents[0].fileName']],
    [{ documents: [{ ...doc, fileName: 'ine\u202efdp.exe' }] }, ['documents[0].fileName']],
  ])('Documentos %j -> %j', (body, expected) => {
    expect(fields('Documentos', body)).toEqual(expected);
  });

  it.each([
    [{ references: [personal] }, ['references']],
    [{ references: [personal, { ...personal, relationship: '' }] }, ['references[1].relationship']],
    [{ references: [personal, { ...personal, company: 'ACME' }] }, ['references[1].company']],
    [{ references: [personal, { ...personal, company: undefined }] }, []],
    [{ references: [personal, { ...personal, name: 'María\u0007' }] }, ['references[1].name']],
    [
      { references: [{ ...personal, relationship: 'Amiga\u202e' }, personal] },
      ['references[0].relationship'],
    ],
  ])('Referencias Personales %j -> %j', (body, expected) => {
    expect(fields('Referencias Personales', body)).toEqual(expected);
  });

  it.each([
    [{ references: [] }, ['references']],
    [{ references: [{ ...work, endDate: '2018-01-01' }] }, ['references[0].endDate']],
    [{ references: [{ ...work, startDate: '2019-02-30' }] }, ['references[0].startDate']],
    [{ references: [{ ...work, company: undefined }] }, ['references[0].company']],
    [{ references: [{ ...work, relationship: 'Jefa' }] }, ['references[0].relationship']],
    [{ references: [{ ...work, company: 'AC\u200bME' }] }, ['references[0].company']],
    [{ references: [{ ...work, contactName: 'Laura\n' }] }, ['references[0].contactName']],
  ])('Referencias Laborales %j -> %j', (body, expected) => {
    expect(fields('Referencias Laborales', body)).toEqual(expected);
  });

  it('refuses input for a process that takes none', () => {
    expect(fields('Peps', { documents: [doc] })).toEqual(['processId']);
  });
});

describe('candidateInputShapeViolations', () => {
  const notObject = (list: string, path: string) =>
    `${path}: each value in nested property ${list} must be either object or array.`;
  it.each([
    [{}, []],
    [{ documents: null, references: null }, []],
    [{ documents: [doc] }, []],
    [{ references: [personal, work] }, []],
    [{ references: [{ name: 'x', phone: null }] }, []],
    [{ documents: 'x' }, ['documents: documents must be an array.', notObject('documents', 'documents')]],
    [
      { documents: [{ ...doc, foo: 1 }, { type: 5 }] },
      [
        'documents[0].foo: "foo" is not a known field.',
        'documents[1].type: type must be a string.',
        'documents[1].fileName: fileName must be a string.',
        'documents[1].sha256: sha256 must be a string.',
      ],
    ],
    [
      { references: { name: 5 } },
      ['references: references must be an array.', 'references.name: name must be a string.'],
    ],
    [
      { references: [1], documents: [[2]] },
      [notObject('documents', 'documents[0][0]'), notObject('references', 'references[0]')],
    ],
    [
      { references: [{ bar: 1, endDate: ['x'] }] },
      ['references[0].bar: "bar" is not a known field.', 'references[0].endDate: endDate must be a string.'],
    ],
  ])('%j', (input, expected) => {
    expect(candidateInputShapeViolations(input).map(({ field, message }) => `${field}: ${message}`)).toEqual(
      expected,
    );
  });
});
