import { unEntry, type XmlElement } from './un';

const individual: XmlElement = {
  DATAID: '6908555',
  VERSIONNUM: '1',
  FIRST_NAME: 'JESÚS ALBERTO',
  SECOND_NAME: 'MEDRANO',
  THIRD_NAME: 'OROZCO',
  UN_LIST_TYPE: 'Al-Qaida',
  REFERENCE_NUMBER: 'QDi.431',
  LISTED_ON: '2019-03-14',
  GENDER: 'Male',
  NATIONALITY: { VALUE: ['Mexico', 'Guatemala'] },
  INDIVIDUAL_ALIAS: [
    { QUALITY: 'Good', ALIAS_NAME: 'Jesús Medrano' },
    { QUALITY: 'Low', ALIAS_NAME: 'El Contador; Chuy' },
    { QUALITY: '', ALIAS_NAME: '' },
  ],
  INDIVIDUAL_DATE_OF_BIRTH: [
    { TYPE_OF_DATE: 'EXACT', DATE: '1979-07-23' },
    { TYPE_OF_DATE: 'BETWEEN', FROM_YEAR: '1977', TO_YEAR: '1978' },
  ],
  INDIVIDUAL_DOCUMENT: [
    {
      TYPE_OF_DOCUMENT: 'National Identification Number',
      NUMBER: 'MEOJ790723HSLDRS08',
      ISSUING_COUNTRY: 'Mexico',
    },
    { TYPE_OF_DOCUMENT: 'Passport', NUMBER: 'G12345678 ' },
  ],
};

describe('unEntry', () => {
  it('reads an individual: parts, aliases by quality, dates, nationalities, a CURP among its documents', () => {
    expect(unEntry('INDIVIDUAL', individual)).toEqual({
      entry: {
        source: 'un-consolidated',
        key: '6908555',
        kind: 'person',
        names: [
          {
            text: 'JESÚS ALBERTO MEDRANO OROZCO',
            order: 'parts',
            parts: ['JESÚS ALBERTO', 'MEDRANO', 'OROZCO'],
            alias: false,
          },
          { text: 'Jesús Medrano', order: 'given-first', alias: true, quality: 'strong' },
          { text: 'El Contador', order: 'given-first', alias: true, quality: 'weak' },
          { text: 'Chuy', order: 'given-first', alias: true, quality: 'weak' },
        ],
        rfcs: [],
        curps: ['MEOJ790723HSLDRS08'],
        birthDates: ['1979-07-23', '1977', '1978'],
        nationalities: ['MX', 'GT'],
        gender: 'H',
        listStatus: 'Al-Qaida',
        redacted: false,
        raw: individual,
      },
    });
  });

  it.each([
    [{ TYPE_OF_DATE: 'APPROXIMATELY', YEAR: '1966' }, ['1966']],
    [{ TYPE_OF_DATE: '' }, []],
    ['', []],
  ])('reads the date of birth %p as %p', (dob, expected) => {
    const read = unEntry('INDIVIDUAL', { ...individual, INDIVIDUAL_DATE_OF_BIRTH: dob });
    expect('entry' in read && read.entry.birthDates).toEqual(expected);
  });

  it('reads an entity by FIRST_NAME, its aliases (f.k.a. a strong one) as entity names', () => {
    const read = unEntry('ENTITY', {
      DATAID: '6908402',
      FIRST_NAME: 'TRANSPORTES DEL GOLFO, S.A.',
      UN_LIST_TYPE: 'DRC',
      ENTITY_ALIAS: [
        { QUALITY: 'a.k.a.', ALIAS_NAME: 'TRANSGOLFO' },
        { QUALITY: 'f.k.a.', ALIAS_NAME: 'FLETES DEL GOLFO' },
      ],
    });
    expect(read).toMatchObject({
      entry: {
        kind: 'entity',
        listStatus: 'DRC',
        gender: null,
        names: [
          { text: 'TRANSPORTES DEL GOLFO, S.A.', order: 'entity', alias: false },
          { text: 'TRANSGOLFO', order: 'entity', alias: true, quality: 'strong' },
          { text: 'FLETES DEL GOLFO', order: 'entity', alias: true, quality: 'strong' },
        ],
      },
    });
  });

  it.each([
    [{ ...individual, DATAID: '' }, 'INDIVIDUAL without DATAID'],
    [{ DATAID: '7', FIRST_NAME: '' }, 'INDIVIDUAL 7 without FIRST_NAME'],
  ])('rejects %p', (element, reason) => expect(unEntry('INDIVIDUAL', element)).toEqual({ rejected: reason }));
});
