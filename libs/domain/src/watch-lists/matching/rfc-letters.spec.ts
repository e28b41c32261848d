import type { ListedName } from '../entry';
import { personNameForm, type PersonReading } from './person-names';
import { agreesWithRfcLetters, chosenReadings, personRfcLetters, rfcLettersOf } from './rfc-letters';

const r = (given: string[], paternal: string | null, maternal: string | null = null): PersonReading => ({
  given,
  paternal,
  maternal,
});
const sat = (text: string): ListedName => ({ text, order: 'unknown', alias: false });

describe("the letters a persona física's RFC takes from her name", () => {
  it.each([
    [
      'paternal initial and first inner vowel, maternal and given initials',
      r(['LORENA'], 'ARANA', 'AGUILAR'),
      ['AAAL'],
    ],
    [
      'José passed over when another given name follows',
      r(['JOSE', 'LUIS'], 'PEREZ', 'DE LA CRUZ'),
      ['PECL'],
    ],
    ['María abbreviated, passed over', r(['MA', 'GUADALUPE'], 'HERNANDEZ', 'LOPEZ'), ['HELG']],
    ['José alone is the given name', r(['JOSE'], 'GALLEGOS', 'IBARRA'), ['GAIJ']],
    ['particles skipped in the paternal surname', r(['ANA'], 'DE LA GARZA', 'RUIZ'), ['GARA']],
    ['a given name with particles', r(['MARIA', 'DE LOS ANGELES'], 'PENA', 'ARGUELLES'), ['PEAA']],
    [
      'one surname: its two letters and the given name’s, or X for the maternal',
      r(['JUAN'], 'PEREZ'),
      ['PEJU', 'PEXJ'],
    ],
    ['no inner vowel', r(['ANA'], 'SMYTH', 'LOPEZ'), ['SXLA']],
    ['no paternal surname', r(['ANA'], null), []],
  ])('%s', (_label, reading, letters) => {
    expect(rfcLettersOf(reading)).toEqual(letters);
  });

  it.each([
    ['AAAL', r(['LORENA'], 'ARANA', 'AGUILAR'), true],
    ['AAAL', r(['AGUILAR'], 'LORENA', 'ARANA'), false],
    // The SAT writes X for Ñ, for a missing letter, and for the last letter of a word it will not print.
    ['MUXC', r(['CARLOS'], 'MUNOZ', 'NUNEZ'), true],
    ['MUTC', r(['CARLOS'], 'MUNOZ', 'NUNEZ'), false],
    ['MUNX', r(['CARLOS'], 'MUNOZ', 'NUNEZ'), true],
    ['ÑAÑC', r(['CARLOS'], 'NANEZ', 'NUNEZ'), true],
  ])('%s agrees with %j: %s', (letters, reading, expected) => {
    expect(agreesWithRfcLetters(reading, letters)).toBe(expected);
  });

  it("takes the letters of a física's RFCs and stems only", () => {
    expect(personRfcLetters(['AAAL850312QW1', 'AUAM530929', 'SIF150302K8A', 'XXXXXXXXXXXX'])).toEqual([
      'AAAL',
      'AUAM',
    ]);
  });
});

describe('an unstructured name read in every plausible order, the RFC choosing', () => {
  it.each([
    // Art. 69: given names first (the RFC's letters prove it).
    ['LORENA ARANA AGUILAR', ['AAAL'], [r(['LORENA'], 'ARANA', 'AGUILAR')]],
    // 69-B: surnames first, the same person.
    ['ARANA AGUILAR LORENA', ['AAAL'], [r(['LORENA'], 'ARANA', 'AGUILAR')]],
    ['JOSE LUIS PEREZ DE LA CRUZ', ['PECL'], [r(['JOSE', 'LUIS'], 'PEREZ', 'DE LA CRUZ')]],
    ['MA. GUADALUPE HERNANDEZ LOPEZ', ['HELG'], [r(['MA', 'GUADALUPE'], 'HERNANDEZ', 'LOPEZ')]],
    ['SALAZAR QUINTERO JOSE ALFREDO', ['SAQA'], [r(['JOSE', 'ALFREDO'], 'SALAZAR', 'QUINTERO')]],
    // A compound paternal surname, written either way.
    ['PONCE DE LEON RUIZ ANA', ['PORA'], [r(['ANA'], 'PONCE DE LEON', 'RUIZ')]],
  ])('%s with RFC %j', (text, letters, expected) => {
    expect(chosenReadings(personNameForm(sat(text)), letters)).toEqual(expected);
  });

  it('keeps every reading without an RFC, or when no reading gives its letters (a name typed otherwise)', () => {
    const every = chosenReadings(personNameForm(sat('LORENA ARANA AGUILAR')), []);
    expect(every).toEqual([
      r(['LORENA'], 'ARANA', 'AGUILAR'),
      r(['LORENA', 'ARANA'], 'AGUILAR'),
      r(['AGUILAR'], 'LORENA', 'ARANA'),
    ]);
    expect(chosenReadings(personNameForm(sat('LORENA ARANA AGUILAR')), ['ZZZZ'])).toEqual(every);
  });

  it("never second-guesses a publisher's structure (OFAC's comma, FtM's firstName and lastName)", () => {
    const ofac: ListedName = { text: 'AGUILAR ALVAREZ, Mario', order: 'surnames-comma-given', alias: false };
    expect(chosenReadings(personNameForm(ofac), ['ZZZZ'])).toEqual([r(['MARIO'], 'AGUILAR', 'ALVAREZ')]);
  });
});
