import { IngestFileRules } from './corpus-ingest';

const vocabulary = {
  states: ['Jalisco', 'Nuevo León', 'Ciudad de México', 'Estado de México'],
  categories: ['Civil', 'Penal'],
  stateAliases: { CDMX: 'Ciudad de México', México: 'Estado de México' },
};
const PERSON = {
  type: 'person',
  uuid: '0d3f5a7e-91c2-8b4d-a1e6-5f0c9d2b7e31',
  givenNames: 'María José',
  paternalSurname: 'Hernández',
  maternalSurname: 'de la Cruz',
  state: 'Jalisco',
};
const LAWSUIT = {
  type: 'lawsuit',
  id: '6c1d2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
  personUuid: PERSON.uuid,
  role: 'Defendant',
  category: 'Civil',
  judgementType: 'Sentencia definitiva',
  plaintiff: 'Banco del Norte S.A.',
  defendant: 'María José Hernández de la Cruz',
  state: 'Nuevo León',
  lawsuitType: 'Civil',
  agreementDate: '2026-02-28',
  fileNumber: '123/2026',
  source: 'Boletín Judicial del Estado de Nuevo León',
  court: 'Primer Juzgado de lo Civil',
  circuit: 'Primer Circuito',
  synthesis: 'Se dicta sentencia.',
  synthesisUrl: 'https://records.example.mx/sintesis/1',
  sourceUrl: 'https://records.example.mx/expedientes/nuevo-leon/123-2026',
};

const check = (line: unknown, rules = new IngestFileRules(vocabulary), lineNumber = 1) =>
  rules.check(lineNumber, typeof line === 'string' ? line : JSON.stringify(line));

describe('IngestFileRules', () => {
  it('reads a person as the corpus stores it: lower-case uuid, tidy spacing, the state as spelled', () => {
    expect(
      check({
        ...PERSON,
        uuid: PERSON.uuid.toUpperCase(),
        givenNames: '  María   José ',
        state: 'JALISCO',
      }),
    ).toEqual({ ok: true, record: { ...PERSON, givenNames: 'María José' } });
  });

  it.each([
    ['absent', undefined],
    ['null', null],
  ])('takes a maternal surname that is %s as none', (_label, maternalSurname) => {
    expect(check({ ...PERSON, maternalSurname })).toEqual({
      ok: true,
      record: { ...PERSON, maternalSurname: null },
    });
  });

  it.each([
    ['CDMX', 'Ciudad de México'],
    ['cdmx', 'Ciudad de México'],
    ['Mexico', 'Estado de México'],
    ['ciudad de mexico', 'Ciudad de México'],
  ])('takes the state %p as %p', (state, spelled) => {
    expect(check({ ...PERSON, state })).toEqual({ ok: true, record: { ...PERSON, state: spelled } });
  });

  it('reads a lawsuit, with its category and state folded to the corpus spelling', () => {
    expect(check({ ...LAWSUIT, category: 'civil', state: 'nuevo leon' })).toEqual({
      ok: true,
      record: LAWSUIT,
    });
  });

  it.each([
    ['a court file number', 'EXP-1234/2026-J3C'],
    ['a bulletin key with accents and symbols', 'BJ-NL/Exp.0457°2025#3'],
    ['one character', '7'],
    ['128 characters', 'X'.repeat(128)],
  ])("takes a lawsuit id that is the publisher's own identifier: %s", (_label, id) => {
    expect(check({ ...LAWSUIT, id })).toEqual({ ok: true, record: { ...LAWSUIT, id } });
  });

  it('keeps a UUID lawsuit id lower case, as the corpus stores it', () => {
    expect(check({ ...LAWSUIT, id: LAWSUIT.id.toUpperCase() })).toEqual({ ok: true, record: LAWSUIT });
  });

  it.each([
    ['an empty line', ''],
    ['spacing only', '   \t'],
  ])('skips %s', (_label, line) => {
    expect(check(line)).toEqual({ ok: true, record: null });
  });

  it('ignores a byte order mark on the first line only', () => {
    expect(check(`\uFEFF${JSON.stringify(PERSON)}`).ok).toBe(true);
    expect(check(`\uFEFF${JSON.stringify(PERSON)}`, undefined, 2)).toEqual({
      ok: false,
      reason: 'is not valid JSON',
    });
  });

  it.each([
    ['broken JSON', '{"type": "person",', 'is not valid JSON'],
    ['an array', [PERSON], 'must be one JSON object'],
    ['a string', '"person"', 'must be one JSON object'],
    ['an unknown type', { ...PERSON, type: 'company' }, 'type must be "person" or "lawsuit"'],
    ['no type', { ...PERSON, type: undefined }, 'type must be "person" or "lawsuit"'],
    ['a missing uuid', { ...PERSON, uuid: undefined }, 'uuid is required'],
    ['an md5 digest as uuid', { ...PERSON, uuid: '9e107d9d-372b-0b68-bf9c-8c34d6e1c1a4' }, 'RFC 9562'],
    ['an empty given name', { ...PERSON, givenNames: '  ' }, 'givenNames must not be empty'],
    ['a null paternal surname', { ...PERSON, paternalSurname: null }, 'paternalSurname must be a string'],
    ['an empty maternal surname', { ...PERSON, maternalSurname: '' }, 'maternalSurname must not be empty'],
    ['a name of marks only', { ...PERSON, givenNames: '\u0301\u0303' }, 'givenNames must contain letters'],
    ['a "|" in a name', { ...PERSON, paternalSurname: 'Ruiz|Paz' }, 'must not hold control characters'],
    ['a line break in a name', { ...PERSON, givenNames: 'Ana\nLuz' }, 'must not hold control characters'],
    ['a name too long', { ...PERSON, givenNames: 'a'.repeat(101) }, 'at most 100 characters'],
    ['a number as name', { ...PERSON, givenNames: 7 }, 'givenNames must be a string'],
    ['an unknown state', { ...PERSON, state: 'Atlantis' }, 'state must be one of the 32 federal entities'],
    ['an unknown field', { ...PERSON, fullName: 'x' }, 'unknown field "fullName" for a person'],
    ['a lawsuit field on a person', { ...PERSON, role: 'Defendant' }, 'unknown field "role"'],
    ['a bad role', { ...LAWSUIT, role: 'defendant' }, 'role must be "Applicant" or "Defendant"'],
    ['an unknown category', { ...LAWSUIT, category: 'Marítimo' }, 'category must be one of'],
    ['a date that is not one', { ...LAWSUIT, agreementDate: '2026-02-30' }, 'agreementDate must be'],
    ['a date day first', { ...LAWSUIT, agreementDate: '28-02-2026' }, 'agreementDate must be'],
    ['a bad person uuid', { ...LAWSUIT, personUuid: 'abc' }, 'personUuid must be an RFC 9562 UUID'],
    ['an empty lawsuit id', { ...LAWSUIT, id: '' }, "id must be the publisher's identifier"],
    ['a lawsuit id with a space', { ...LAWSUIT, id: 'EXP 1234/2026' }, "id must be the publisher's"],
    ['a lawsuit id with a line break', { ...LAWSUIT, id: 'EXP-1\n2' }, "id must be the publisher's"],
    ['a lawsuit id of 129 characters', { ...LAWSUIT, id: 'X'.repeat(129) }, '1 to 128 visible characters'],
    ['a number as lawsuit id', { ...LAWSUIT, id: 1234 }, 'id must be a string'],
    ['an ftp URL', { ...LAWSUIT, sourceUrl: 'ftp://x.mx/1' }, 'sourceUrl must be an http or https URL'],
    ['a URL with a space', { ...LAWSUIT, synthesisUrl: 'https://x.mx/a b' }, 'synthesisUrl must be'],
    ['a NUL in a text', { ...LAWSUIT, synthesis: 'a\u0000b' }, 'synthesis holds a NUL'],
    ['a lone surrogate', { ...LAWSUIT, court: 'Juzgado \ud800' }, 'court holds a NUL character or a lone'],
    ['a missing synthesis', { ...LAWSUIT, synthesis: undefined }, 'synthesis is required'],
  ])('refuses %s', (_label, line, reason) => {
    const verdict = check(line);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.reason).toContain(reason);
  });

  it('lists every problem of a line', () => {
    const verdict = check({ ...LAWSUIT, role: 'x', state: 'y', fileNumber: undefined });
    expect(verdict).toEqual({
      ok: false,
      reason: expect.stringMatching(/unknown|fileNumber is required/),
    });
    expect(!verdict.ok && verdict.reason.split('; ')).toHaveLength(3);
  });

  it('refuses a uuid or id given twice in one file, naming the first line', () => {
    const rules = new IngestFileRules(vocabulary);
    expect(check(PERSON, rules, 1).ok).toBe(true);
    expect(check(LAWSUIT, rules, 2).ok).toBe(true);
    expect(check({ ...PERSON, uuid: PERSON.uuid.toUpperCase() }, rules, 7)).toEqual({
      ok: false,
      reason: `person uuid ${PERSON.uuid} was already given on line 1`,
    });
    expect(check(LAWSUIT, rules, 9)).toEqual({
      ok: false,
      reason: `lawsuit id ${LAWSUIT.id} was already given on line 2`,
    });
    // A person and a lawsuit may share a value: they are different keys.
    expect(check({ ...LAWSUIT, id: PERSON.uuid }, rules, 10).ok).toBe(true);
  });
});
