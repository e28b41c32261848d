import { parseOfacRemarks } from './ofac-remarks';

describe('parseOfacRemarks', () => {
  it('reads what a Mexican SDNTK listing says', () => {
    expect(
      parseOfacRemarks(
        "DOB 06 Nov 1968; alt. DOB 1970; POB Chihuahua, Chihuahua, Mexico; nationality Mexico; citizen Mexico; Gender Male; R.F.C. AIMO-681106-9F7 (Mexico); C.U.R.P. AIMO681106HCHRRS01 (Mexico); a.k.a. 'EL GUERO'; Linked To: SERVICIOS INTEGRALES FENIX DEL BAJIO, S.A. DE C.V.",
      ),
    ).toEqual({
      birthDates: ['1968-11-06', '1970'],
      nationalities: ['MX'],
      rfcs: ['AIMO6811069F7'],
      curps: ['AIMO681106HCHRRS01'],
      gender: 'H',
      weakAliases: ['EL GUERO'],
    });
  });

  it.each([
    ['DOB circa 1965.', { birthDates: ['1965'] }],
    ['DOB Nov 1968; alt. DOB 12 Nov 1968', { birthDates: ['1968-11', '1968-11-12'] }],
    ['DOB 1962 to 1964', { birthDates: ['1962', '1963', '1964'] }],
    ['nationality Guatemala; alt. nationality Mexico', { nationalities: ['GT', 'MX'] }],
    ['citizen United States', { nationalities: ['US'] }],
    ['Gender Female.', { gender: 'M' }],
    ['RFC AAIJ810808SX4 (Mexico)', { rfcs: ['AAIJ810808SX4'] }],
    ['R.F.C. # IES-870805 (Mexico).', { rfcs: [] }],
    [
      'R.F.C. CIVJ650513LJA (Mexico); alt. R.F.C. OUSV-640707 (Mexico)',
      // The second has no homoclave: kept as its stem, which a full RFC is compared with.
      { rfcs: ['CIVJ650513LJA', 'OUSV640707'] },
    ],
    ['R.F.C. AUAM-530929 (Mexico)', { rfcs: ['AUAM530929'] }],
    ['C.U.R.P. # HESU430525HBCRMR13 (Mexico)', { curps: ['HESU430525HBCRMR13'] }],
    [
      'C.U.R.P. CIVJ650513HNEFLR06 (Mexico); alt. C.U.R.P. OUVS640707HTSSLR07 (Mexico)',
      { curps: ['CIVJ650513HNEFLR06', 'OUVS640707HTSSLR07'] },
    ],
    ["Citizen's Card Number 210222198011096648 (China).", { nationalities: [] }],
    ["a.k.a. 'BURTON BURGESS'; f.k.a. 'LA TIA'.", { weakAliases: ['BURTON BURGESS', 'LA TIA'] }],
    [
      'Passport P0017003 (Belize); SSN 561-77-9011 (United States)',
      { rfcs: [], curps: [], nationalities: [] },
    ],
  ])('%p -> %p', (remarks, expected) => expect(parseOfacRemarks(remarks)).toMatchObject(expected));

  it('reads nothing from no remarks', () => {
    expect(parseOfacRemarks(null)).toEqual({
      birthDates: [],
      nationalities: [],
      rfcs: [],
      curps: [],
      gender: null,
      weakAliases: [],
    });
  });
});
