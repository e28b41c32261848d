import type { ScreeningSubject } from '../comparison';
import type { ListedName } from '../entry';
import type { MatchableEntry } from './compare';
import {
  candidateValues,
  compareFields,
  fieldComparer,
  withCandidateValues,
  withoutCandidateValues,
  type FieldComparison,
} from './field-comparison';

const person = (over: Partial<MatchableEntry> = {}): MatchableEntry => ({
  kind: 'person',
  names: [{ text: 'José Luis Hernández García', order: 'given-first', alias: false }],
  rfcs: [],
  curps: [],
  birthDates: [],
  nationalities: [],
  gender: null,
  redacted: false,
  ...over,
});

const JOSE: ScreeningSubject = {
  kind: 'person',
  name: 'JOSE LUIS',
  lastName: 'hernandez',
  secondLastName: 'García',
};

/** The rows as `field: [candidate, listed, same]`, to read a table at a glance. */
const table = (rows: FieldComparison[]) =>
  Object.fromEntries(rows.map((row) => [row.field, [row.candidate, row.listed, row.same]]));

describe('compareFields (docs/watch-list-matching.md, "Field by field")', () => {
  it('shows the seven fields of a person in order, folded as the matcher folds (José is JOSE)', () => {
    const rows = compareFields(JOSE, person(), 0);
    expect(rows.map((row) => row.field)).toEqual([
      'givenNames',
      'paternalSurname',
      'maternalSurname',
      'birthDate',
      'rfc',
      'curp',
      'nationality',
    ]);
    expect(table(rows)).toEqual({
      givenNames: ['JOSE LUIS', 'José Luis', true],
      paternalSurname: ['hernandez', 'Hernández', true],
      maternalSurname: ['García', 'García', true],
      birthDate: [null, null, null],
      rfc: [null, null, null],
      curp: [null, null, null],
      nationality: [null, null, null],
    });
  });

  it('says null where either side gives nothing, and false where both give and differ', () => {
    const rows = table(
      compareFields(
        { kind: 'person', name: 'Luis José', lastName: 'Hernández', birthDate: '1970-01-02' },
        person({ names: [{ text: 'Jose Luis Hernandez', order: 'given-first', alias: false }] }),
        0,
      ),
    );
    expect(rows.givenNames).toEqual(['Luis José', 'Jose Luis', true]); // given names in any order
    expect(rows.maternalSurname).toEqual([null, null, null]);
    expect(rows.birthDate).toEqual(['1970-01-02', null, null]);
    const other = table(
      compareFields(
        { kind: 'person', name: 'José', lastName: 'Hernández', secondLastName: 'López' },
        person(),
        0,
      ),
    );
    expect(other.givenNames).toEqual(['José', 'José Luis', false]); // one given name of two
    expect(other.maternalSurname).toEqual(['López', 'García', false]);
  });

  it('reads the listed name as the matcher read it (OFAC surnames, comma, given names) and shows it as written', () => {
    const entry = person({
      names: [{ text: 'AISPURO MORENO, Oscar', order: 'surnames-comma-given', alias: false }],
    });
    const rows = table(
      compareFields(
        { kind: 'person', name: 'Óscar', lastName: 'Aispuro', secondLastName: 'Moreno' },
        entry,
        0,
      ),
    );
    expect(rows.givenNames).toEqual(['Óscar', 'Oscar', true]);
    expect(rows.paternalSurname).toEqual(['Aispuro', 'AISPURO', true]);
    expect(rows.maternalSurname).toEqual(['Moreno', 'MORENO', true]);
  });

  it('reads the name the match was made with (an alias), keeps particles with their surname and an abbreviation as written', () => {
    const entry = person({
      names: [
        { text: 'PEDRO PEREZ', order: 'given-first', alias: false },
        { text: 'Ma. Guadalupe de la Cruz Zúñiga', order: 'given-first', alias: true },
      ],
    });
    const rows = table(
      compareFields(
        { kind: 'person', name: 'María Guadalupe', lastName: 'De La Cruz', secondLastName: 'Zuniga' },
        entry,
        1,
      ),
    );
    expect(rows.givenNames).toEqual(['María Guadalupe', 'Ma. Guadalupe', false]);
    expect(rows.paternalSurname).toEqual(['De La Cruz', 'de la Cruz', true]);
    expect(rows.maternalSurname).toEqual(['Zuniga', 'Zúñiga', true]);
  });

  it('shows the fields as the candidate typed them when only the reordered reading agrees (same: false)', () => {
    const rows = table(
      compareFields(
        { kind: 'person', name: 'Arana Aguilar', lastName: 'Lorena' },
        person({ names: [{ text: 'LORENA ARANA AGUILAR', order: 'given-first', alias: false }] }),
        0,
      ),
    );
    expect(rows.givenNames).toEqual(['Arana Aguilar', 'LORENA', false]);
    expect(rows.paternalSurname).toEqual(['Lorena', 'ARANA', false]);
  });

  describe('several values on the entry', () => {
    it('shows the birth date closest to the candidate’s; a year alone agrees on the year', () => {
      const entry = person({ birthDates: ['1968-11-06', '1970', '1971-03-04'] });
      const birth = (birthDate: string | null) =>
        table(compareFields({ ...JOSE, birthDate }, entry, 0)).birthDate;
      expect(birth('1971-03-04')).toEqual(['1971-03-04', '1971-03-04', true]);
      expect(birth('1970-07-07')).toEqual(['1970-07-07', '1970', true]);
      expect(birth('1968-11-07')).toEqual(['1968-11-07', '1968-11-06', false]);
      expect(birth('1990-01-01')).toEqual(['1990-01-01', '1968-11-06', false]);
      expect(birth(null)).toEqual([null, '1968-11-06, 1970, 1971-03-04', null]);
    });

    it('takes the birth date a CURP carries when none is published', () => {
      const entry = person({ curps: ['HEGJ700102HDFRRS09'] });
      expect(table(compareFields({ ...JOSE, birthDate: '1970-01-02' }, entry, 0)).birthDate).toEqual([
        '1970-01-02',
        '1970-01-02',
        true,
      ]);
    });

    it('shows the candidate’s RFC or CURP where the entry holds it among others, all of them otherwise', () => {
      const entry = person({ rfcs: ['AAAA010101AA1', 'HEGJ-700102-AB1'], curps: ['HEGJ700102HDFRRS09'] });
      const own = table(
        compareFields({ ...JOSE, rfc: 'hegj700102ab1', curp: 'HEGJ700102HDFRRS01' }, entry, 0),
      );
      expect(own.rfc).toEqual(['hegj700102ab1', 'HEGJ700102AB1', true]);
      expect(own.curp).toEqual(['HEGJ700102HDFRRS01', 'HEGJ700102HDFRRS09', false]);
      const other = table(compareFields({ ...JOSE, rfc: 'ZZZZ010101ZZ1' }, entry, 0));
      expect(other.rfc).toEqual(['ZZZZ010101ZZ1', 'AAAA010101AA1, HEGJ700102AB1', false]);
    });

    it('shows an RFC stem (OFAC’s RFC without homoclave) the candidate’s begins with, not the same RFC', () => {
      const entry = person({ rfcs: ['AUAM530929'] });
      expect(table(compareFields({ ...JOSE, rfc: 'AUAM530929XY1' }, entry, 0)).rfc).toEqual([
        'AUAM530929XY1',
        'AUAM530929',
        false,
      ]);
    });

    it('compares nationalities by country, whatever the spelling', () => {
      const entry = person({ nationalities: ['US', 'DO'] });
      expect(table(compareFields({ ...JOSE, nationality: 'DOM' }, entry, 0)).nationality).toEqual([
        'DOM',
        'DO',
        true,
      ]);
      expect(table(compareFields({ ...JOSE, nationality: 'MX' }, entry, 0)).nationality).toEqual([
        'MX',
        'US, DO',
        false,
      ]);
    });
  });

  it('compares a company by its name, legal form in any spelling, RFC and nationality', () => {
    const entry: MatchableEntry = {
      ...person(),
      kind: 'entity',
      names: [{ text: 'COMERCIALIZADORA AZTECA, S.A. DE C.V.', order: 'entity', alias: false }],
      rfcs: ['CAZ010101AB1'],
    };
    const rows = compareFields(
      { kind: 'entity', businessName: 'Comercializadora Azteca SA de CV', rfc: 'CAZ010101AB1' },
      entry,
      0,
    );
    expect(table(rows)).toEqual({
      businessName: ['Comercializadora Azteca SA de CV', 'COMERCIALIZADORA AZTECA, S.A. DE C.V.', true],
      rfc: ['CAZ010101AB1', 'CAZ010101AB1', true],
      nationality: [null, null, null],
    });
  });

  it('compares an RFC alone (an ad-hoc screening without a name) against the primary reading', () => {
    const rows = table(
      compareFields({ kind: 'person', rfc: 'HEGJ700102AB1' }, person({ rfcs: ['HEGJ700102AB1'] }), 0),
    );
    expect(rows.givenNames).toEqual([null, 'José Luis', null]);
    expect(rows.rfc).toEqual(['HEGJ700102AB1', 'HEGJ700102AB1', true]);
  });

  it('reads the candidate once for every entry of a screening', () => {
    const compare = fieldComparer(JOSE);
    const listed: ListedName = { text: 'JOSE LUIS HERNANDEZ', order: 'given-first', alias: false };
    expect(compare(person({ names: [listed] }), 0)[1]).toEqual({
      field: 'paternalSurname',
      candidate: 'hernandez',
      listed: 'HERNANDEZ',
      same: true,
    });
  });

  it('leaves out the candidate’s values for what is stored, and puts them back from the subject', () => {
    const rows = compareFields({ ...JOSE, birthDate: '1970-01-02', nationality: 'MX' }, person(), 0);
    const kept = withoutCandidateValues(rows);
    expect(kept.every((row) => row.candidate === null)).toBe(true);
    expect(kept.map((row) => row.same)).toEqual(rows.map((row) => row.same));
    expect(withCandidateValues(kept, { ...JOSE, birthDate: '1970-01-02', nationality: 'MX' })).toEqual(rows);
    expect(candidateValues({ kind: 'entity', businessName: '  ACME  ', rfc: '' })).toMatchObject({
      businessName: 'ACME',
      rfc: null,
    });
  });
});
