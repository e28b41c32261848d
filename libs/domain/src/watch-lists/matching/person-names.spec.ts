import type { ListedName } from '../entry';
import { personNameForm, readingsOf, subjectReadings, type PersonReading } from './person-names';

const name = (text: string, order: ListedName['order'], extra: Partial<ListedName> = {}): ListedName => ({
  text,
  order,
  alias: false,
  ...extra,
});
const r = (given: string[], paternal: string | null, maternal: string | null = null): PersonReading => ({
  given,
  paternal,
  maternal,
});
const readings = (listed: ListedName) => readingsOf(personNameForm(listed));

describe('splitting a published name into given names, paternal and maternal surname', () => {
  it.each([
    [
      'OFAC `SURNAMES, Given`: the two surnames before the comma',
      name('AISPURO MORENO, Oscar', 'surnames-comma-given'),
      [r(['OSCAR'], 'AISPURO', 'MORENO')],
    ],
    [
      'OFAC with one surname: no maternal surname',
      name('GUZMAN, Joaquin Archivaldo', 'surnames-comma-given'),
      [r(['JOAQUIN', 'ARCHIVALDO'], 'GUZMAN')],
    ],
    [
      'OFAC with particles: kept with their surname',
      name('DE LA CRUZ DEL RIO, Maria de los Angeles', 'surnames-comma-given'),
      [r(['MARIA', 'DE LOS ANGELES'], 'DE LA CRUZ', 'DEL RIO')],
    ],
    [
      'OFAC with three surname parts: a compound surname either side',
      name('PONCE DE LEON HERNANDEZ, Juan', 'surnames-comma-given'),
      [r(['JUAN'], 'PONCE', 'DE LEON HERNANDEZ'), r(['JUAN'], 'PONCE DE LEON', 'HERNANDEZ')],
    ],
    [
      'SAT `PATERNO MATERNO NOMBRE`, or a compound paternal surname',
      name('GARCIA LOPEZ JUAN CARLOS', 'surnames-first'),
      [r(['JUAN', 'CARLOS'], 'GARCIA', 'LOPEZ'), r(['CARLOS'], 'GARCIA LOPEZ', 'JUAN')],
    ],
    [
      'SAT with `MA.` for María',
      name('HERNANDEZ PEREZ MA. GUADALUPE', 'surnames-first'),
      [r(['MA', 'GUADALUPE'], 'HERNANDEZ', 'PEREZ'), r(['GUADALUPE'], 'HERNANDEZ PEREZ', 'MA')],
    ],
    [
      'UN FIRST_NAME .. THIRD_NAME',
      name('JUAN GARCIA LOPEZ', 'parts', { parts: ['JUAN', 'GARCIA', 'LOPEZ'] }),
      [r(['JUAN'], 'GARCIA', 'LOPEZ'), r(['JUAN', 'GARCIA'], 'LOPEZ')],
    ],
    [
      'FtM firstName / lastName with both surnames joined',
      name('Alejandro Zúñiga de la Garza', 'given-first', {
        given: 'Alejandro',
        surnames: 'Zúñiga de la Garza',
      }),
      [r(['ALEJANDRO'], 'ZUNIGA', 'DE LA GARZA')],
    ],
    [
      'FtM lastName with one surname',
      name('Ana Gómez', 'given-first', { given: 'Ana', surnames: 'Gómez' }),
      [r(['ANA'], 'GOMEZ')],
    ],
    [
      'given names first (three parts: two surnames, or two given names and one surname)',
      name('Juan García López', 'given-first'),
      [r(['JUAN'], 'GARCIA', 'LOPEZ'), r(['JUAN', 'GARCIA'], 'LOPEZ')],
    ],
    ['a single word', name('Chapo', 'given-first'), [r(['CHAPO'], null)]],
    [
      'an unknown order: given names first and surnames first',
      name('GARCIA LOPEZ JUAN', 'unknown'),
      [r(['GARCIA'], 'LOPEZ', 'JUAN'), r(['GARCIA', 'LOPEZ'], 'JUAN'), r(['JUAN'], 'GARCIA', 'LOPEZ')],
    ],
  ])('%s', (_, listed, expected) => {
    expect(readings(listed)).toEqual(expected);
  });

  it('reads an entity-ordered name of a person (an SAT row the RFC says is a persona física) in both orders', () => {
    expect(personNameForm(name('GARCIA LOPEZ JUAN', 'entity')).layout).toBe('unknown');
  });
});

const swapped = (given: string[], paternal: string | null, maternal: string | null = null) => ({
  ...r(given, paternal, maternal),
  reordered: true as const,
});

describe("the candidate's name: as typed, then the fields the other way round (surnames first)", () => {
  it.each([
    [
      { name: 'Juan Carlos', lastName: 'García', secondLastName: 'López' },
      [r(['JUAN', 'CARLOS'], 'GARCIA', 'LOPEZ'), swapped(['GARCIA', 'LOPEZ'], 'JUAN', 'CARLOS')],
    ],
    [
      { name: 'Ma. Elena', lastName: 'de la Cruz', secondLastName: null },
      [r(['MA', 'ELENA'], 'DE LA CRUZ'), swapped(['DE LA CRUZ'], 'MA', 'ELENA')],
    ],
    [
      { name: 'Juan', lastName: 'García López' },
      [
        r(['JUAN'], 'GARCIA LOPEZ'),
        r(['JUAN'], 'GARCIA', 'LOPEZ'),
        swapped(['LOPEZ'], 'JUAN', 'GARCIA'),
        swapped(['GARCIA', 'LOPEZ'], 'JUAN'),
      ],
    ],
    // Surnames typed in `name`, the given name in `lastName`: read surnames first, Lorena Arana Aguilar.
    [
      { name: 'Arana Aguilar', lastName: 'Lorena' },
      [r(['ARANA', 'AGUILAR'], 'LORENA'), swapped(['LORENA'], 'ARANA', 'AGUILAR')],
    ],
    [
      { name: 'Arana', lastName: 'Aguilar', secondLastName: 'Lorena' },
      [
        r(['ARANA'], 'AGUILAR', 'LORENA'),
        swapped(['LORENA'], 'ARANA', 'AGUILAR'),
        swapped(['AGUILAR', 'LORENA'], 'ARANA'),
      ],
    ],
    // One surname in `name`, two given names in `lastName`.
    [
      { name: 'Hernández', lastName: 'María Fernanda' },
      [
        r(['HERNANDEZ'], 'MARIA FERNANDA'),
        r(['HERNANDEZ'], 'MARIA', 'FERNANDA'),
        swapped(['FERNANDA'], 'HERNANDEZ', 'MARIA'),
        swapped(['MARIA', 'FERNANDA'], 'HERNANDEZ'),
      ],
    ],
    [{ name: 'Arana', lastName: 'Lorena' }, [r(['ARANA'], 'LORENA'), swapped(['LORENA'], 'ARANA')]],
    [{ name: 'Juan', lastName: null }, [r(['JUAN'], null)]],
  ])('%p', (subject, expected) => {
    expect(subjectReadings(subject)).toEqual(expected);
  });
});
