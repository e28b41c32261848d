'use strict';
// The demo candidates of the watch lists and the entries written for them into the demo files
// (scripts/watch-lists/demo-files.js). Each expected decision follows docs/watch-list-matching.md: an RFC or a
// CURP decides first; a differing identifier, a missing maternal surname or a birth year that
// differs keeps an equal name at `possible_match`. The manifest (candidates.json) is what the
// README, the Swagger examples and the tests take from here.

const BASIC = 'PKG-ACME-BASIC';
const SAT = 'Listas negras del SAT';
const GWL = 'Global Watch List';
const PEPS = 'Peps';

/** A hit as the process summary shows it: `source`, `entryId`, `listedName`, `listStatus`, `decision`. */
const hit = (source, entryId, listedName, listStatus, decision, why) => ({
  source,
  entryId,
  listedName,
  listStatus,
  decision,
  why,
});

const candidates = [
  {
    id: 'oscar-aispuro-moreno',
    summary: 'On three lists at once: SAT 69-B (Definitivo), SAT Art. 69 and OFAC SDN, by RFC and CURP',
    registration: {
      packageId: BASIC,
      name: 'Óscar',
      lastName: 'Aispuro',
      secondLastName: 'Moreno',
      birthDate: '1968-11-06',
      nationality: 'MX',
      gender: 'H',
      rfc: 'AIMO6811069F7',
      curp: 'AIMO681106HCHRRS01',
    },
    hits: [
      hit('sat-69b', 'AIMO6811069F7', 'AISPURO MORENO OSCAR', 'Definitivo', 'match', 'same RFC'),
      hit('sat-69', 'AIMO6811069F7', 'AISPURO MORENO OSCAR', 'Firmes; No localizados', 'match', 'same RFC'),
      hit(
        'ofac-sdn',
        '36125',
        'AISPURO MORENO, Oscar',
        'SDNTK; ILLICIT-DRUGS-EO14059',
        'match',
        'same RFC and CURP (in the remarks); same name and birth date',
      ),
    ],
    processes: { [SAT]: 'Riesgo Alto', [GWL]: 'Riesgo Alto', [PEPS]: 'Aprobado' },
  },
  {
    id: 'jesus-alberto-medrano-orozco',
    summary: 'On the UN consolidated list: same CURP (a document of the listing), name and birth date',
    registration: {
      packageId: BASIC,
      name: 'Jesús Alberto',
      lastName: 'Medrano',
      secondLastName: 'Orozco',
      birthDate: '1979-07-23',
      nationality: 'MX',
      gender: 'H',
      rfc: 'MEOJ790723TU4',
      curp: 'MEOJ790723HSLDRS08',
    },
    hits: [
      hit(
        'un-consolidated',
        '6908555',
        'JESÚS ALBERTO MEDRANO OROZCO',
        'Haiti',
        'match',
        'same CURP; same name parts and birth date',
      ),
    ],
    processes: { [SAT]: 'Aprobado', [GWL]: 'Riesgo Alto', [PEPS]: 'Aprobado' },
  },
  {
    id: 'ana-lucia-zuniga-de-la-garza',
    summary: 'A PEP (senator): same RFC; her surnames come joined on the list (`Zúñiga de la Garza`)',
    registration: {
      packageId: BASIC,
      name: 'Ana Lucía',
      lastName: 'Zúñiga',
      secondLastName: 'de la Garza',
      birthDate: '1975-03-14',
      nationality: 'MX',
      gender: 'M',
      rfc: 'ZUGA750314QK2',
      curp: 'ZUGA750314MNLXRN07',
    },
    hits: [
      hit(
        'peps',
        'mx-sen-zuniga-de-la-garza-ana-lucia',
        'Ana Lucía Zúñiga de la Garza',
        'Senadora de la República; Presidenta Municipal de San Pedro Garza García',
        'match',
        'same RFC and CURP; same name and birth date',
      ),
    ],
    processes: { [SAT]: 'Aprobado', [GWL]: 'Aprobado', [PEPS]: 'Riesgo Medio' },
  },
  {
    id: 'servicios-integrales-fenix-del-bajio',
    summary: 'A company (persona moral) on the SAT 69-B list (Definitivo), Art. 69 and OFAC, by its RFC',
    registration: {
      packageId: BASIC,
      personType: 'corporate',
      nationality: 'MX',
      rfc: 'SIF150302K8A',
      regime: 'Régimen General de Ley Personas Morales',
      businessName: 'Servicios Integrales Fénix del Bajío, S.A. de C.V.',
    },
    hits: [
      hit(
        'sat-69b',
        'SIF150302K8A',
        'SERVICIOS INTEGRALES FÉNIX DEL BAJÍO, S.A. DE C.V.',
        'Definitivo',
        'match',
        'same RFC',
      ),
      hit(
        'sat-69',
        'SIF150302K8A',
        'SERVICIOS INTEGRALES FÉNIX DEL BAJÍO, S.A. DE C.V.',
        'No localizados',
        'match',
        'same RFC',
      ),
      hit(
        'ofac-sdn',
        '36126',
        'SERVICIOS INTEGRALES FENIX DEL BAJIO, S.A. DE C.V.',
        'SDNTK; ILLICIT-DRUGS-EO14059',
        'match',
        'same RFC (in the remarks)',
      ),
    ],
    processes: { [SAT]: 'Riesgo Alto', [GWL]: 'Riesgo Alto', [PEPS]: 'Aprobado' },
  },
  {
    id: 'luis-fernando-cardenas-ochoa',
    summary: 'On the SAT 69-B list but Desvirtuado (he disproved the presumption): a match of low risk',
    registration: {
      packageId: BASIC,
      name: 'Luis Fernando',
      lastName: 'Cárdenas',
      secondLastName: 'Ochoa',
      birthDate: '1985-03-22',
      nationality: 'MX',
      gender: 'H',
      rfc: 'CAOL8503226Q1',
      curp: 'CAOL850322HMCRCS04',
    },
    hits: [
      hit('sat-69b', 'CAOL8503226Q1', 'CÁRDENAS OCHOA LUIS FERNANDO', 'Desvirtuado', 'match', 'same RFC'),
    ],
    processes: { [SAT]: 'Riesgo Bajo', [GWL]: 'Aprobado', [PEPS]: 'Aprobado' },
  },
  {
    id: 'gabriela-noemi-ruvalcaba-saldana',
    summary: 'On the SAT Art. 69 list of Exigibles only: a match of medium risk',
    registration: {
      packageId: BASIC,
      name: 'Gabriela Noemí',
      lastName: 'Ruvalcaba',
      secondLastName: 'Saldaña',
      birthDate: '1988-06-12',
      nationality: 'MX',
      gender: 'M',
      rfc: 'RUSG880612MU2',
    },
    hits: [
      hit('sat-69', 'RUSG880612MU2', 'RUVALCABA SALDAÑA GABRIELA NOEMÍ', 'Exigibles', 'match', 'same RFC'),
    ],
    processes: { [SAT]: 'Riesgo Medio', [GWL]: 'Aprobado', [PEPS]: 'Aprobado' },
  },
  {
    id: 'martha-elena-briseno-castaneda',
    summary: 'A namesake of a 69-B taxpayer with another RFC: at most a possible match',
    registration: {
      packageId: BASIC,
      name: 'Martha Elena',
      lastName: 'Briseño',
      secondLastName: 'Castañeda',
      birthDate: '1980-02-11',
      nationality: 'MX',
      gender: 'M',
      rfc: 'BICM800211HB7',
    },
    hits: [
      hit(
        'sat-69b',
        'BICM720815R41',
        'BRISEÑO CASTAÑEDA MARTHA ELENA',
        'Definitivo',
        'possible_match',
        'same full name, but the listed RFC differs from hers',
      ),
    ],
    processes: { [SAT]: 'Riesgo Bajo', [GWL]: 'Aprobado', [PEPS]: 'Aprobado' },
  },
  {
    id: 'jose-guadalupe-gallegos',
    summary:
      'Registered without maternal surname; an Art. 69 taxpayer has his name and paternal surname, and the birth date his RFC encodes is his',
    registration: {
      packageId: BASIC,
      name: 'José Guadalupe',
      lastName: 'Gallegos',
      birthDate: '1983-09-30',
      nationality: 'MX',
      gender: 'H',
    },
    hits: [
      hit(
        'sat-69',
        'GAIJ830930BN5',
        'GALLEGOS IBARRA JOSE GUADALUPE',
        'Cancelados',
        'match',
        'maternal surname missing, but the birth date his RFC encodes (830930) confirms him',
      ),
    ],
    processes: { [SAT]: 'Riesgo Medio', [GWL]: 'Aprobado', [PEPS]: 'Aprobado' },
  },
  {
    id: 'heriberto-salazar-quintero',
    summary: 'The name of an OFAC SDN individual, born four years later: at most a possible match',
    registration: {
      packageId: BASIC,
      name: 'Heriberto',
      lastName: 'Salazar',
      secondLastName: 'Quintero',
      birthDate: '1975-02-20',
      nationality: 'MX',
      gender: 'H',
    },
    hits: [
      hit(
        'ofac-sdn',
        '36128',
        'SALAZAR QUINTERO, Heriberto',
        'SDNTK',
        'possible_match',
        'same name; the list says DOB 20 Feb 1971 (another year)',
      ),
    ],
    processes: { [SAT]: 'Aprobado', [GWL]: 'Riesgo Bajo', [PEPS]: 'Aprobado' },
  },
  {
    id: 'raul-espinoza-luna',
    summary: 'The name of a UN-listed individual born about 1966; the candidate was born in 1969',
    registration: {
      packageId: BASIC,
      name: 'Raúl',
      lastName: 'Espinoza',
      secondLastName: 'Luna',
      birthDate: '1969-04-02',
      nationality: 'MX',
      gender: 'H',
    },
    hits: [
      hit(
        'un-consolidated',
        '6908556',
        'RAÚL ESPINOZA LUNA',
        'Haiti',
        'possible_match',
        'same name parts; the list says born about 1966 (another year)',
      ),
    ],
    processes: { [SAT]: 'Aprobado', [GWL]: 'Riesgo Bajo', [PEPS]: 'Aprobado' },
  },
  {
    id: 'roberto-carlos-villarreal',
    summary: 'Registered without maternal surname; a PEP (governor) has his name, the list no birth date',
    registration: {
      packageId: BASIC,
      name: 'Roberto Carlos',
      lastName: 'Villarreal',
      birthDate: '1970-01-15',
      nationality: 'MX',
      gender: 'H',
    },
    hits: [
      hit(
        'peps',
        'mx-gov-villarreal-trevino-roberto-carlos',
        'Roberto Carlos Villarreal Treviño',
        'Gobernador del Estado de Nuevo León',
        'possible_match',
        'maternal surname missing, and nothing (RFC, birth date) confirms him',
      ),
    ],
    processes: { [SAT]: 'Aprobado', [GWL]: 'Aprobado', [PEPS]: 'Riesgo Bajo' },
  },
  {
    id: 'juan-carlos-hernandez-lopez',
    summary: 'Clean: the Swagger registration example (basic) is on no list',
    registration: {
      packageId: BASIC,
      name: 'Juan Carlos',
      lastName: 'Hernández',
      secondLastName: 'López',
      birthDate: '1990-05-17',
      nationality: 'MX',
      gender: 'H',
      rfc: 'HELJ900517AB1',
      curp: 'HELJ900517HDFRPN09',
    },
    hits: [],
    processes: { [SAT]: 'Aprobado', [GWL]: 'Aprobado', [PEPS]: 'Aprobado' },
  },
  {
    id: 'maria-fernanda-garcia-ruiz',
    summary: 'Clean: the Swagger registration example (full) is on no list',
    registration: {
      packageId: 'PKG-ACME-FULL',
      name: 'María Fernanda',
      lastName: 'García',
      secondLastName: 'Ruiz',
      birthDate: '1988-11-03',
      nationality: 'MX',
      gender: 'M',
      rfc: 'GARM881103QW2',
      curp: 'GARM881103MJCRZR05',
      consentNIP: '4888',
    },
    hits: [],
    processes: { [SAT]: 'Aprobado', [GWL]: 'Aprobado', [PEPS]: 'Aprobado' },
  },
];

// ---------------------------------------------------------------- the entries written for them

const entries = {
  'sat-69b': [
    {
      rfc: 'AIMO6811069F7',
      name: 'AISPURO MORENO OSCAR',
      status: 'Definitivo',
    },
    {
      rfc: 'SIF150302K8A',
      name: 'SERVICIOS INTEGRALES FÉNIX DEL BAJÍO, S.A. DE C.V.',
      status: 'Definitivo',
    },
    { rfc: 'CAOL8503226Q1', name: 'CÁRDENAS OCHOA LUIS FERNANDO', status: 'Desvirtuado' },
    { rfc: 'BICM720815R41', name: 'BRISEÑO CASTAÑEDA MARTHA ELENA', status: 'Definitivo' },
  ],
  'sat-69': [
    {
      file: 'Firmes.csv',
      rfc: 'AIMO6811069F7',
      name: 'AISPURO MORENO OSCAR',
      tipo: 'F',
      date: '2020-01-01',
      state: 'CHIHUAHUA',
    },
    {
      file: 'Firmes.csv',
      rfc: 'AIMO6811069F7',
      name: 'AISPURO MORENO OSCAR',
      tipo: 'F',
      date: '2021-05-16',
      state: 'CHIHUAHUA',
    },
    {
      file: 'No_localizados.csv',
      rfc: 'AIMO6811069F7',
      name: 'AISPURO MORENO OSCAR',
      tipo: 'F',
      date: '2024-03-01',
      state: 'CHIHUAHUA',
    },
    {
      file: 'No_localizados.csv',
      rfc: 'SIF150302K8A',
      name: 'SERVICIOS INTEGRALES FÉNIX DEL BAJÍO, S.A. DE C.V.',
      tipo: 'M',
      date: '2023-07-16',
      state: 'GUANAJUATO',
    },
    {
      file: 'Exigibles.csv',
      rfc: 'RUSG880612MU2',
      name: 'RUVALCABA SALDAÑA GABRIELA NOEMÍ',
      tipo: 'F',
      date: '2025-02-01',
      state: 'JALISCO',
    },
    {
      file: 'Cancelados.csv',
      rfc: 'GAIJ830930BN5',
      name: 'GALLEGOS IBARRA JOSE GUADALUPE',
      tipo: 'F',
      date: '2015-05-04',
      amount: '125,430.00',
      state: 'DURANGO',
    },
  ],
  'ofac-sdn': {
    sdn: [
      {
        entNum: 36125,
        name: 'AISPURO MORENO, Oscar',
        type: 'individual',
        programs: ['SDNTK', 'ILLICIT-DRUGS-EO14059'],
        remarks:
          "DOB 06 Nov 1968; alt. DOB 1970; POB Chihuahua, Chihuahua, Mexico; nationality Mexico; citizen Mexico; Gender Male; R.F.C. AIMO-681106-9F7 (Mexico); C.U.R.P. AIMO681106HCHRRS01 (Mexico); a.k.a. 'EL GUERO'; Linked To: SERVICIOS INTEGRALES FENIX DEL BAJIO, S.A. DE C.V.",
      },
      {
        entNum: 36126,
        name: 'SERVICIOS INTEGRALES FENIX DEL BAJIO, S.A. DE C.V.',
        type: null,
        programs: ['SDNTK', 'ILLICIT-DRUGS-EO14059'],
        remarks:
          'Folio Mercantil No. 48213 (Guanajuato) (Mexico); R.F.C. SIF-150302-K8A (Mexico); Organization Established Date 02 Mar 2015; Linked To: AISPURO MORENO, Oscar.',
      },
      {
        entNum: 36128,
        name: 'SALAZAR QUINTERO, Heriberto',
        type: 'individual',
        programs: ['SDNTK'],
        remarks: 'DOB 20 Feb 1971; POB Culiacan, Sinaloa, Mexico; nationality Mexico; Gender Male.',
      },
    ],
    alt: [
      { entNum: 36125, altNum: 60001, type: 'aka', name: 'AISPURO, Oscar' },
      { entNum: 36126, altNum: 60003, type: 'nka', name: 'FENIX DEL BAJIO' },
    ],
    add: [
      { entNum: 36125, addNum: 51001, city: 'Chihuahua, Chihuahua', country: 'Mexico' },
      {
        entNum: 36126,
        addNum: 51002,
        address: 'Blvd. Adolfo Lopez Mateos 1205, Col. Jardines del Moral',
        city: 'Leon, Guanajuato C.P. 37160',
        country: 'Mexico',
      },
      { entNum: 36128, addNum: 51003, city: 'Culiacan, Sinaloa', country: 'Mexico' },
    ],
  },
  'un-consolidated': {
    individuals: [
      {
        dataId: 6908555,
        names: ['JESÚS ALBERTO', 'MEDRANO', 'OROZCO'],
        listType: 'Haiti',
        reference: 'HTi.011',
        listedOn: '2024-03-14',
        gender: 'Male',
        comments:
          'Supplies arms and ammunition to armed gangs in Haiti through Mexico & Guatemala. INTERPOL-UN Security Council Special Notice web link:https://www.interpol.int/en/How-we-work/Notices/View-UN-Notices-Individuals',
        nationalities: ['Mexico'],
        aliases: [
          { quality: 'Good', name: 'Jesús Medrano' },
          { quality: 'Low', name: 'El Contador' },
        ],
        dobs: [{ type: 'EXACT', date: '1979-07-23' }],
        pob: { city: 'Culiacán', state: 'Sinaloa', country: 'Mexico' },
        documents: [
          { type: 'National Identification Number', number: 'MEOJ790723HSLDRS08', country: 'Mexico' },
        ],
      },
      {
        dataId: 6908556,
        names: ['RAÚL', 'ESPINOZA', 'LUNA'],
        listType: 'Haiti',
        reference: 'HTi.012',
        listedOn: '2024-03-14',
        gender: 'Male',
        nationalities: ['Mexico'],
        dobs: [{ type: 'APPROXIMATELY', year: '1966' }],
      },
      ...[
        ['JEAN-RÉMY', 'DORSAINVIL', 'Haiti', 'HTi.004', 'Haiti', '1981-09-02', 'Male'],
        ['WILFRID', 'AUGUSTIN', 'Haiti', 'HTi.007', 'Haiti', '1977', 'Male'],
        ['MARIE-ROSE', 'THÉLUSMA', 'Haiti', 'HTi.009', 'Haiti', '1985-12-30', 'Female'],
        ['ABDELKARIM', 'OULD SIDI MOHAMED', 'Al-Qaida', 'QDi.440', 'Mali', '1972', 'Male'],
        ['HAMDI', 'AL-SAYYID', 'Libya', 'LYi.031', 'Libya', '1969-04-11', 'Male'],
        [
          'KIM',
          'YONG HWAN',
          'DPRK',
          'KPi.081',
          "Democratic People's Republic of Korea",
          '1974-06-19',
          'Male',
        ],
        ['JOSEPH', 'MUTOMBO KALALA', 'DRC', 'CDi.044', 'Democratic Republic of the Congo', '1983', 'Male'],
        ['GATKUOTH', 'RIEK DENG', 'South Sudan', 'SSi.012', 'South Sudan', '1971-01-01', 'Male'],
        ['ÉDOUARD', 'NGAÏKOSSET BANGUI', 'CAR', 'CFi.017', 'Central African Republic', '1968', 'Male'],
        ['OMAR', 'ABDI HASSAN', 'Al-Shabaab', 'SOi.025', 'Somalia', '1980-08-08', 'Male'],
      ].map(([first, second, listType, reference, nationality, born, gender], i) => ({
        dataId: 6908570 + i,
        names: [first, ...second.split(' ')].slice(0, 4),
        listType,
        reference,
        listedOn: `20${18 + (i % 7)}-0${1 + (i % 9)}-15`,
        gender,
        nationalities: [nationality],
        dobs: [born.length === 4 ? { type: 'APPROXIMATELY', year: born } : { type: 'EXACT', date: born }],
      })),
    ],
    entities: [
      {
        dataId: 6908600,
        name: 'TRANSPORTES DEL GOLFO, S.A.',
        listType: 'Haiti',
        reference: 'HTe.003',
        listedOn: '2024-06-30',
        aliases: [
          { quality: 'a.k.a.', name: 'TRANSGOLFO' },
          { quality: 'f.k.a.', name: 'FLETES DEL GOLFO' },
        ],
        address: { city: 'Veracruz', country: 'Mexico' },
      },
      {
        dataId: 6908601,
        name: 'GRAN GRIF',
        listType: 'Haiti',
        reference: 'HTe.001',
        listedOn: '2023-11-03',
        aliases: [{ quality: 'a.k.a.', name: 'GRAN GRIF GANG' }],
        address: { city: 'Savien', country: 'Haiti' },
      },
      {
        dataId: 6908602,
        name: 'AL-NASR MARITIME TRADING COMPANY',
        listType: 'Libya',
        reference: 'LYe.005',
        listedOn: '2021-02-01',
        address: { city: 'Tripoli', country: 'Libya' },
      },
      {
        dataId: 6908603,
        name: 'KORYO GENERAL EQUIPMENT CORPORATION',
        listType: 'DPRK',
        reference: 'KPe.071',
        listedOn: '2019-08-05',
        aliases: [{ quality: 'a.k.a.', name: 'KORYO EQUIPMENT' }],
        address: { city: 'Pyongyang', country: "Democratic People's Republic of Korea" },
      },
    ],
  },
  peps: [
    {
      id: 'mx-sen-zuniga-de-la-garza-ana-lucia',
      first: 'Ana Lucía',
      last: 'Zúñiga de la Garza',
      aliases: ['Ana Zúñiga'],
      birthDate: '1975-03-14',
      gender: 'female',
      positions: ['Senadora de la República', 'Presidenta Municipal de San Pedro Garza García'],
      taxNumber: 'ZUGA750314QK2',
      idNumber: 'ZUGA750314MNLXRN07',
      datasets: ['mx_senators'],
    },
    {
      id: 'mx-gov-villarreal-trevino-roberto-carlos',
      first: 'Roberto Carlos',
      last: 'Villarreal Treviño',
      gender: 'male',
      positions: ['Gobernador del Estado de Nuevo León'],
      datasets: ['mx_governors'],
    },
  ],
};

const FILES = {
  'sat-69b': ['sat-69b/Listado_completo_69-B.csv'],
  'sat-69': [
    'sat-69/Firmes.csv',
    'sat-69/Exigibles.csv',
    'sat-69/No_localizados.csv',
    'sat-69/Cancelados.csv',
    'sat-69/CSDsinefectos.csv',
    'sat-69/Sentencias.csv',
    'sat-69/EntespublicosydeGobiernoomisos.csv',
  ],
  'ofac-sdn': ['ofac-sdn/sdn.csv', 'ofac-sdn/alt.csv', 'ofac-sdn/add.csv'],
  'un-consolidated': ['un-consolidated/consolidated.xml'],
  peps: ['peps/entities.ftm.jsonl'],
};

module.exports = {
  manifest: {
    about:
      'Demo candidates of the watch lists (docs/watch-lists.md): register each `registration` (signed in as demo@acme.test) and its three processes answer from the demo files as `processes` says; `hits` are the matches expected in their summaries. Paths in `files` are relative to this directory. Written by scripts/watch-lists/demo-files.js.',
    files: FILES,
    candidates,
  },
  entries,
  /** Every candidate's surnames, and their variants: the filler keeps away from them. */
  avoidSurnames: [
    'Aispuro',
    'Moreno',
    'Medrano',
    'Orozco',
    'Zúñiga',
    'Garza',
    'de la Garza',
    'Briseño',
    'Castañeda',
    'Gallegos',
    'Ibarra',
    'Salazar',
    'Quintero',
    'Espinoza',
    'Espinosa',
    'Luna',
    'Villarreal',
    'Treviño',
    'Cárdenas',
    'Ochoa',
    'Ruvalcaba',
    'Saldaña',
    'Hernández',
    'López',
    'García',
    'Ruiz',
  ],
  /** RFCs the candidates and their entries hold: no filler party gets one. */
  listedRfcs: candidates
    .map((c) => c.registration.rfc)
    .concat(candidates.flatMap((c) => c.hits.map((h) => h.entryId)))
    .filter(Boolean),
};
