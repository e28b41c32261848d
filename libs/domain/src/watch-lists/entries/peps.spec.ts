import { pepEntry } from './peps';

const person = {
  id: 'mx-pep-zuga750314',
  caption: 'Ana Lucía Zúñiga de la Garza',
  schema: 'Person',
  properties: {
    name: ['Ana Lucía Zúñiga de la Garza'],
    firstName: ['Ana Lucía'],
    lastName: ['Zúñiga de la Garza'],
    alias: ['Ana Zúñiga'],
    weakAlias: ['La Senadora'],
    birthDate: ['1975-03-14'],
    nationality: ['mx'],
    citizenship: ['mx'],
    gender: ['female'],
    position: ['Senadora de la República', 'Presidenta Municipal de San Pedro Garza García'],
    taxNumber: ['ZUGA-750314-QK2'],
    idNumber: ['ZUGA750314MNLXRN07', 'INE 1234567890'],
  },
  datasets: ['mx_senators'],
};

describe('pepEntry', () => {
  it.each([
    [
      'a full date',
      ['2021-06-02'],
      'Senadora de la República; Presidenta Municipal de San Pedro Garza García; fallecido',
    ],
    [
      'only a year',
      ['2021'],
      'Senadora de la República; Presidenta Municipal de San Pedro Garza García; fallecido',
    ],
  ])(
    'reads a Person with a deathDate (%s): still an entry, deceased, fallecido in its status',
    (_l, deathDate, status) => {
      const dead = { ...person, properties: { ...person.properties, deathDate } };
      const reading = pepEntry(dead);
      expect(reading).toMatchObject({
        entry: { key: 'mx-pep-zuga750314', deceased: true, listStatus: status },
      });
    },
  );

  it('a deceased Person without positions is listed as fallecido', () => {
    const dead = {
      id: 'x',
      schema: 'Person',
      properties: { name: ['Juan Pérez'], deathDate: ['2020-01-01'] },
    };
    expect(pepEntry(dead)).toMatchObject({ entry: { deceased: true, listStatus: 'fallecido' } });
  });

  it('a living Person has no deceased flag', () => {
    expect('deceased' in (pepEntry(person) as { entry: object }).entry).toBe(false);
  });

  it('reads a Person: given names and joined surnames, aliases, identifiers, positions', () => {
    expect(pepEntry(person)).toEqual({
      entry: {
        source: 'peps',
        key: 'mx-pep-zuga750314',
        kind: 'person',
        names: [
          {
            text: 'Ana Lucía Zúñiga de la Garza',
            order: 'given-first',
            given: 'Ana Lucía',
            surnames: 'Zúñiga de la Garza',
            alias: false,
          },
          { text: 'Ana Zúñiga', order: 'given-first', alias: true, quality: 'strong' },
          { text: 'La Senadora', order: 'given-first', alias: true, quality: 'weak' },
        ],
        rfcs: ['ZUGA750314QK2'],
        curps: ['ZUGA750314MNLXRN07'],
        birthDates: ['1975-03-14'],
        nationalities: ['MX'],
        gender: 'M',
        listStatus: 'Senadora de la República; Presidenta Municipal de San Pedro Garza García',
        redacted: false,
        raw: person,
      },
    });
  });

  it.each([
    [{ birthDate: ['1975-03'] }, { birthDates: ['1975-03'] }],
    [{ birthDate: ['1975'] }, { birthDates: ['1975'] }],
    [{ gender: ['male'] }, { gender: 'H' }],
    [{ gender: ['other'] }, { gender: null }],
    [
      { taxNumber: ['12-3456789'], idNumber: [] },
      { rfcs: [], curps: [] },
    ],
    [
      { firstName: [], lastName: [] },
      { names: [{ text: 'Ana Lucía Zúñiga de la Garza', order: 'given-first', alias: false }] },
    ],
    [
      { firstName: ['Ana', 'Ana Lucía'], lastName: ['Zúñiga de la Garza', 'Zuniga'] },
      { names: [expect.objectContaining({ given: 'Ana', surnames: 'Zúñiga de la Garza' })] },
    ],
    [
      {
        firstName: ['Ana'],
        secondName: ['Lucía'],
        lastName: [],
        fatherName: ['Zúñiga'],
        motherName: ['de la Garza'],
      },
      { names: [expect.objectContaining({ given: 'Ana Lucía', surnames: 'Zúñiga de la Garza' })] },
    ],
  ])('with %p reads %p', (properties, expected) => {
    const read = pepEntry({
      ...person,
      properties: { ...person.properties, alias: [], weakAlias: [], ...properties },
    });
    expect('entry' in read && read.entry).toMatchObject(expected);
  });

  it.each([
    [{ id: 'x', schema: 'Position', properties: {} }, { skipped: 'Position' }],
    [{ id: 'x', schema: 'Occupancy' }, { skipped: 'Occupancy' }],
    [[1, 2], { rejected: 'not a FollowTheMoney entity (no "schema")' }],
    ['text', { rejected: 'not a FollowTheMoney entity (no "schema")' }],
    [{ schema: 'Person', properties: { name: ['A'] } }, { rejected: 'Person without "id"' }],
    [{ id: 'p1', schema: 'Person', properties: {} }, { rejected: 'Person p1 without a name' }],
  ])('%p -> %p', (value, expected) => expect(pepEntry(value)).toEqual(expected));
});
