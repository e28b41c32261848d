#!/usr/bin/env node
'use strict';
// Writes the golden fixtures of the watch-list readers (libs/adapters/src/watch-lists/fixtures):
// small files in their publishers' exact bytes, with the quirks the readers must survive. The
// files are committed (.gitattributes keeps git from touching their line ends); this script is
// how they were made. Run it again only to change them, then update the specs that pin them:
//   node scripts/watch-lists/fixtures.js
const fs = require('node:fs');
const path = require('node:path');
const f = require('../lib/watch-list-formats');

const OUT = path.join(__dirname, '../../libs/adapters/src/watch-lists/fixtures');

/** Writes a file; `<0xHH>` in its text becomes that single byte (one Windows-1252 does not define). */
function write(relative, lines, writing) {
  const file = path.join(OUT, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  f.writeLines(file, lines, writing);
  const bytes = fs.readFileSync(file);
  const marked = bytes.toString('latin1');
  if (marked.includes('<0x'))
    fs.writeFileSync(
      file,
      Buffer.from(
        marked.replace(/<0x([0-9A-F]{2})>/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ),
    );
}

// ---------------------------------------------------------------- sat-69b

const stages = {
  presunto: { presuncion: { oficio: '500-05-2025-39537', date: '2025-12-16' } },
  definitivo: {
    presuncion: { oficio: '500-05-2019-7349', date: '2019-04-01', dof: '2019-04-26' },
    definitivo: { oficio: '500-05-2019-35911', date: '2019-10-25', dof: '2019-11-20' },
  },
  desvirtuado: {
    presuncion: { oficio: '500-05-2016-38728', date: '2016-12-16', dof: '2017-01-19' },
    desvirtuado: { oficio: '500-05-2017-38533', date: '2017-10-13', dof: '2017-11-02' },
  },
  favorable: {
    presuncion: { oficio: '500-05-2018-16632', date: '2018-06-01', dof: '2018-06-25' },
    definitivo: { oficio: '500-05-2018-27105', date: '2018-09-27', dof: '2018-10-23' },
    sentencia: { oficio: '500-05-2019-7305', date: '2019-03-05', dof: '2019-04-16' },
  },
};
const empty16 = Array(16).fill('');
const SUPRIMIDA = 'Información suprimida en cumplimiento de la Ley Federal de Protección de Datos Personales';

// The header's fifth title is quoted across two lines, as a spreadsheet export writes a title
// with a line break; line numbers below are pinned by the spec.
const header69b = [...f.SAT_69B_TITLES];
header69b[4] = 'Número y fecha de oficio global\r\nde presunción SAT';

write(
  'sat-69b/Listado_completo_69-B.csv',
  f.sat69bLines({
    asOf: '2026-05-31',
    headerCells: header69b,
    rows: [
      // line 5
      {
        rfc: 'AAA080808HL8',
        name: 'ASESORES EN AVALÚOS Y ACTIVOS, S.A. DE C.V.',
        status: 'Sentencia Favorable',
        stages: stages.favorable,
      },
      // line 6
      { rfc: 'AIMO6811069F7', name: 'AISPURO MORENO OSCAR', status: 'Definitivo', stages: stages.definitivo },
      // lines 7-8: a razón social quoted across a line break
      {
        rfc: 'CPH061010RB7',
        name: 'CONSTRUCTORA DE PROYECTOS HIDROELÉCTRICOS, \r\nS.A. DE C.V.',
        status: 'Presunto',
        stages: stages.presunto,
      },
      // line 9: redacted by the publisher
      ['4', 'XXXXXXXXXXXX', SUPRIMIDA, 'Definitivo', ...empty16],
      // line 10
      {
        rfc: 'PEAA7502143K1',
        name: 'PEÑA ARGÜELLES MARÍA DE LOS ÁNGELES',
        status: 'Desvirtuado',
        stages: stages.desvirtuado,
      },
      // line 11: an RFC with Ñ
      {
        rfc: 'ÑAÑ140114GY4',
        name: 'ÑAÑEZ Y ASOCIADOS, S.C.',
        status: 'Definitivo',
        stages: stages.definitivo,
      },
      // line 12: a byte Windows-1252 does not define (0x81) inside the name
      {
        rfc: 'DOC0905127T3',
        name: 'DISTRIBUIDORA ÓPTICA<0x81> DEL CENTRO, S.A. DE C.V.',
        status: 'Definitivo',
        stages: stages.definitivo,
      },
      // line 13: the situación in another case
      ['8', 'GUTE8104226W9', 'GUTIÉRREZ TÉLLEZ EDUARDO', 'DEFINITIVO', ...empty16],
      // line 14: a filler row of commas: not a data row
      Array(20).fill(''),
      // line 15: no RFC -> rejected
      ['10', '', 'RAMÍREZ SOTO JUAN', 'Definitivo', ...empty16],
      // line 16: a situación the contract does not know -> rejected
      ['11', 'RASJ7707158P2', 'RAMÍREZ SOTO JUAN', 'En revisión', ...empty16],
      // line 17: not an RFC -> rejected
      ['12', 'ABC12', 'COMERCIAL ABC', 'Definitivo', ...empty16],
      // line 18: the RFC of line 6 again, in a milder situación: the entry keeps Definitivo
      ['13', 'AIMO-681106-9F7', 'AISPURO MORENO ÓSCAR', 'sentencia favorable', ...empty16],
      // line 19: redacted again
      ['14', 'XXXXXXXXXXXX', SUPRIMIDA, 'Presunto', ...empty16],
      // line 20: quotes inside a quoted name
      {
        rfc: 'CGU110915QX8',
        name: 'COMERCIALIZADORA "EL GÜERO", S.A. DE C.V.',
        status: 'Definitivo',
        stages: stages.definitivo,
      },
    ],
  }),
  f.WRITING.sat,
);

// Refused: the header's Situación column is called otherwise (a file that is not the 69-B list).
write(
  'refused/sat-69b/no-header/Listado_completo_69-B.csv',
  f.sat69bLines({
    asOf: '2026-05-31',
    headerCells: f.SAT_69B_TITLES.map((t) => (t.startsWith('Situación') ? 'Estatus' : t)),
    rows: [{ rfc: 'AIMO6811069F7', name: 'AISPURO MORENO OSCAR', status: 'Definitivo' }],
  }),
  f.WRITING.sat,
);
// Refused: preamble and header, no data.
write(
  'refused/sat-69b/header-only/Listado_completo_69-B.csv',
  f.sat69bLines({ asOf: '2026-05-31', rows: [] }),
  f.WRITING.sat,
);
// Refused: a download cut inside a quoted name.
write(
  'refused/sat-69b/truncated/Listado_completo_69-B.csv',
  [
    ...f.sat69bLines({
      asOf: '2026-05-31',
      rows: [{ rfc: 'AIMO6811069F7', name: 'AISPURO MORENO OSCAR', status: 'Definitivo' }],
    }),
    '2,CPH061010RB7,"CONSTRUCTORA DE PROYECTOS',
  ],
  f.WRITING.sat,
);

// ---------------------------------------------------------------- sat-69

write(
  'sat-69/Firmes.csv',
  f.art69Lines('Firmes.csv', [
    // line 2, 3: one RFC, two créditos
    {
      rfc: 'AIMO6811069F7',
      name: 'AISPURO MORENO OSCAR',
      tipo: 'F',
      date: '2020-01-01',
      state: 'CHIHUAHUA',
    },
    {
      rfc: 'AIMO6811069F7',
      name: 'AISPURO MORENO OSCAR',
      tipo: 'F',
      date: '2021-05-16',
      state: 'CHIHUAHUA',
    },
    // line 4: a moral, its name quoted for its comma
    {
      rfc: 'AAG090703QT6',
      name: 'APLICA AGUASCALIENTES, S.A. DE C.V.',
      tipo: 'M',
      date: '2014-01-01',
      state: 'CIUDAD DE MÉXICO',
    },
    // line 5: no TIPO PERSONA and no SUPUESTO (seen in the real file): the RFC's length and the file tell
    ['BICM720815R41', 'BRISEÑO CASTAÑEDA MARTHA ELENA', '', '', '01/09/2017', 'JALISCO'],
    // line 6: a quote out of place shifts the cells -> rejected
    ['CSO1206117Z5', 'COMERCIAL "EL SOL", S.A.', 'M', 'FIRMES', '01/01/2016', 'SONORA'].join(','),
    // lines 7-8: a name quoted across a line break
    {
      rfc: 'TGO0203041B9',
      name: 'TRANSPORTES DEL GOLFO Y\r\nASOCIADOS, S.A. DE C.V.',
      tipo: 'M',
      date: '2016-11-16',
      state: 'VERACRUZ',
    },
    // line 9: not an RFC -> rejected
    { rfc: 'GAIJ8309', name: 'GALLEGOS IBARRA JOSE', tipo: 'F', date: '2017-04-01', state: 'DURANGO' },
  ]),
  f.WRITING.sat,
);
write(
  'sat-69/No_localizados.csv',
  f.art69Lines('No_localizados.csv', [
    {
      rfc: 'AIMO6811069F7',
      name: 'AISPURO MORENO ÓSCAR',
      tipo: 'F',
      date: '2024-03-01',
      state: 'CHIHUAHUA',
    },
    {
      rfc: 'SIF150302K8A',
      name: 'SERVICIOS INTEGRALES FÉNIX DEL BAJÍO, S.A. DE C.V.',
      tipo: 'M',
      date: '2023-07-16',
      state: 'GUANAJUATO',
    },
  ]),
  f.WRITING.sat,
);
write(
  'sat-69/Exigibles.csv',
  f.art69Lines('Exigibles.csv', [
    {
      rfc: 'RUSG880612MU2',
      name: 'RUVALCABA SALDAÑA GABRIELA NOEMÍ',
      tipo: 'F',
      date: '2025-02-01',
      state: 'JALISCO',
    },
  ]),
  f.WRITING.sat,
);
write(
  'sat-69/Cancelados.csv',
  f.art69Lines('Cancelados.csv', [
    {
      rfc: 'GAIJ830930BN5',
      name: 'GALLEGOS IBARRA JOSE GUADALUPE',
      tipo: 'F',
      date: '2015-05-04',
      amount: '125,430.00',
      state: 'DURANGO',
    },
  ]),
  f.WRITING.sat,
);
write(
  'sat-69/CSDsinefectos.csv',
  f.art69Lines('CSDsinefectos.csv', [
    // the real file has one byte Windows-1252 does not define (0x8D) inside a name
    {
      rfc: 'DDI1105246N8',
      name: 'DIESS DESARROLLO, INGENIERÍA<0x8D> Y ESTRATEGIA DE SISTEMAS, S.A. DE C.V.',
      date: '2022-08-10',
    },
    { rfc: 'SIF150302K8A', name: 'SERVICIOS INTEGRALES FENIX DEL BAJIO SA DE CV', date: '2023-01-20' },
  ]),
  f.WRITING.sat,
);
write(
  'sat-69/Sentencias.csv',
  f.art69Lines('Sentencias.csv', [
    {
      rfc: 'OEPR6511039I4',
      name: 'OROZCO PEÑA RAÚL',
      tipo: 'F',
      date: '2019-08-01',
      state: 'MICHOACÁN',
    },
  ]),
  f.WRITING.sat,
);
write(
  'sat-69/EntespublicosydeGobiernoomisos.csv',
  f.art69Lines('EntespublicosydeGobiernoomisos.csv', [
    {
      rfc: 'MSP850101T41',
      name: 'MUNICIPIO DE SAN PEDRO TLAQUEPAQUE',
      year: '2023',
      period: 'ANUAL',
      state: 'JALISCO',
    },
    {
      rfc: 'MSP850101T41',
      name: 'MUNICIPIO DE SAN PEDRO TLAQUEPAQUE',
      year: '2024',
      period: 'ANUAL',
      state: 'JALISCO',
    },
  ]),
  f.WRITING.sat,
);
// Refused: a title line where the header should be.
write(
  'refused/sat-69/title-first/Firmes.csv',
  ['Contribuyentes con créditos fiscales firmes', ...f.art69Lines('Firmes.csv', [])],
  f.WRITING.sat,
);
// Refused: a renamed file whose columns do not say which list it is.
write(
  'refused/sat-69/unknown-list/lista.csv',
  [
    'RFC,RAZON SOCIAL,TIPO PERSONA,FECHA DE PRIMERA PUBLICACION',
    'AIMO6811069F7,AISPURO MORENO OSCAR,F,01/01/2020',
  ],
  f.WRITING.sat,
);
// Refused: a header and no rows.
write('refused/sat-69/header-only/Exigibles.csv', f.art69Lines('Exigibles.csv', []), f.WRITING.sat);

// ---------------------------------------------------------------- ofac-sdn

const aispuroRemarks =
  "DOB 06 Nov 1968; alt. DOB 1970; POB Chihuahua, Chihuahua, Mexico; nationality Mexico; citizen Mexico; Gender Male; R.F.C. AIMO-681106-9F7 (Mexico); C.U.R.P. AIMO681106HCHRRS01 (Mexico); a.k.a. 'EL GUERO'; Linked To: SERVICIOS INTEGRALES FENIX DEL BAJIO, S.A. DE C.V.";
const sdnRows = [
  // line 1
  {
    entNum: 36125,
    name: 'AISPURO MORENO, Oscar',
    type: 'individual',
    programs: ['SDNTK', 'ILLICIT-DRUGS-EO14059'],
    remarks: aispuroRemarks,
  },
  // line 2: an entity (SDN_Type -0-)
  {
    entNum: 36126,
    name: 'SERVICIOS INTEGRALES FENIX DEL BAJIO, S.A. DE C.V.',
    type: null,
    programs: ['SDNTK', 'ILLICIT-DRUGS-EO14059'],
    remarks:
      'Folio Mercantil No. 48213 (Guanajuato) (Mexico); R.F.C. SIF-150302-K8A (Mexico); Organization Established Date 02 Mar 2015; Linked To: AISPURO MORENO, Oscar.',
  },
  // line 3: a vessel: not screened
  {
    entNum: 36127,
    name: 'MARIA DEL MAR',
    type: 'vessel',
    programs: ['SDNTK'],
    vessel: { callSign: 'XCMD7', type: 'Fishing Vessel', flag: 'Mexico', owner: 'PESQUERA DEL PACIFICO' },
    remarks: 'Vessel Registration Identification IMO 8712345; Linked To: PESQUERA DEL PACIFICO.',
  },
  // line 4
  {
    entNum: 36128,
    name: 'SALAZAR QUINTERO, Heriberto',
    type: 'individual',
    programs: ['SDNTK'],
    remarks: 'DOB 20 Feb 1971; POB Culiacan, Sinaloa, Mexico; nationality Mexico; Gender Male.',
  },
  // line 5: circa, a range of years, a partial RFC, Guatemala
  {
    entNum: 36129,
    name: 'ORELLANA CASTILLO, Marvin Estuardo',
    type: 'individual',
    programs: ['SDNT'],
    remarks:
      'DOB circa 1965; alt. DOB 1962 to 1964; nationality Guatemala; alt. nationality Mexico; R.F.C. OECM-650101 (Mexico); Cedula No. 94428531 (Guatemala).',
  },
  // line 6: 11 values (a comma lost) -> rejected
  '36130,"LOPEZ, Juan","individual","SDNTK",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ',
  // line 7: a woman, no remarks but her gender
  {
    entNum: 36131,
    name: 'BELTRAN LEYVA, Sandra Luz',
    type: 'individual',
    programs: ['SDNTK', 'ILLICIT-DRUGS-EO14059'],
    title: 'Contadora',
    remarks: 'DOB Nov 1968; Gender Female.',
  },
];
write('ofac-sdn/sdn.csv', f.ofacSdnLines(sdnRows), f.WRITING.ofac);
write(
  'ofac-sdn/alt.csv',
  f.ofacAltLines([
    { entNum: 36125, altNum: 60001, type: 'aka', name: 'AISPURO, Oscar' },
    { entNum: 36125, altNum: 60002, type: 'fka', name: 'MORENO AISPURO, Oscar' },
    { entNum: 36126, altNum: 60003, type: 'nka', name: 'FENIX DEL BAJIO' },
    // the vessel's former name: not screened
    { entNum: 36127, altNum: 60004, type: 'fka', name: 'DONA CARMEN' },
    // line 5: an ent_num sdn.csv does not list -> rejected
    { entNum: 99999, altNum: 60005, type: 'aka', name: 'NADIE, Nadie' },
  ]),
  f.WRITING.ofac,
);
write(
  'ofac-sdn/add.csv',
  f.ofacAddLines([
    { entNum: 36125, addNum: 51001, city: 'Chihuahua, Chihuahua', country: 'Mexico' },
    {
      entNum: 36126,
      addNum: 51002,
      address: 'Blvd. Adolfo Lopez Mateos 1205, Col. Jardines del Moral',
      city: 'Leon, Guanajuato C.P. 37160',
      country: 'Mexico',
    },
    { entNum: 36128, addNum: 51003, city: 'Culiacan, Sinaloa', country: 'Mexico' },
  ]),
  f.WRITING.ofac,
);
// Refused: a file named sdn.csv that is not OFAC's (a 69-B list).
write(
  'refused/ofac-sdn/not-ofac/sdn.csv',
  f.sat69bLines({
    asOf: '2026-05-31',
    rows: [{ rfc: 'AIMO6811069F7', name: 'AISPURO MORENO OSCAR', status: 'Definitivo' }],
  }),
  f.WRITING.sat,
);

// ---------------------------------------------------------------- un-consolidated

const medrano = {
  dataId: 6908555,
  names: ['JESÚS ALBERTO', 'MEDRANO', 'OROZCO'],
  listType: 'Haiti',
  reference: 'HTi.011',
  listedOn: '2019-03-14',
  gender: 'Male',
  comments:
    'Supplies arms and ammunition to armed gangs in Haiti through Mexico & Guatemala.\nReported to use the alias “El Contador”. INTERPOL-UN Security Council Special Notice web link:https://www.interpol.int/en/How-we-work/Notices/View-UN-Notices-Individuals',
  designations: ['Contador público'],
  nationalities: ['Mexico'],
  aliases: [
    { quality: 'Good', name: 'Jesús Medrano' },
    { quality: 'Low', name: 'El Contador; Chuy' },
  ],
  dobs: [{ type: 'EXACT', date: '1979-07-23' }],
  pob: { city: 'Culiacán', state: 'Sinaloa', country: 'Mexico' },
  documents: [
    { type: 'National Identification Number', number: 'MEOJ790723HSLDRS08', country: 'Mexico' },
    { type: 'Passport', number: 'G12345678 ', country: 'Mexico' },
  ],
};
const espinoza = {
  dataId: 6908556,
  names: ['RAÚL', 'ESPINOZA', 'LUNA'],
  listType: 'Haiti',
  reference: 'HTi.012',
  listedOn: '2019-03-14',
  gender: 'Male',
  nationalities: ['Mexico', 'Guatemala'],
  dobs: [{ type: 'APPROXIMATELY', year: '1966' }],
};
const iyamuremye = {
  dataId: 6908557,
  names: ['GASTON', 'IYAMUREMYE'],
  listType: 'DRC',
  reference: 'CDi.003',
  listedOn: '2010-12-01',
  gender: 'Male',
  nationalities: ['Rwanda'],
  aliases: [{ quality: 'Good', name: 'Victor Rumuri' }],
  dobs: [{ type: 'BETWEEN', from: '1947', to: '1949' }],
  originalScript: 'Гастон Іямуремье',
};
write(
  'un-consolidated/consolidated.xml',
  f.unLines({
    dateGenerated: '2026-02-27T00:00:09.554Z',
    individuals: [medrano, espinoza, iyamuremye, { ...espinoza, names: ['RAÚL', 'ESPINOSA'] }],
    extraIndividualLines: [
      '    <INDIVIDUAL>',
      '      <VERSIONNUM>1</VERSIONNUM>',
      '      <FIRST_NAME>SIN DATAID</FIRST_NAME>',
      '      <UN_LIST_TYPE>DRC</UN_LIST_TYPE>',
      '    </INDIVIDUAL>',
    ],
    entities: [
      {
        dataId: 6908600,
        name: 'TRANSPORTES DEL GOLFO, S.A.',
        listType: 'Haiti',
        reference: 'HTe.003',
        listedOn: '2020-06-30',
        aliases: [
          { quality: 'a.k.a.', name: 'TRANSGOLFO' },
          { quality: 'f.k.a.', name: 'FLETES DEL GOLFO' },
        ],
        address: { city: 'Veracruz', country: 'Mexico' },
      },
    ],
  }),
  f.WRITING.un,
);
write(
  'refused/un-consolidated/not-well-formed/consolidated.xml',
  [...f.unLines({ dateGenerated: '2026-02-27T00:00:09.554Z', individuals: [espinoza], entities: [] })].slice(
    0,
    12,
  ),
  f.WRITING.un,
);
write(
  'refused/un-consolidated/other-root/consolidated.xml',
  [
    '<?xml version="1.0" standalone="yes"?>',
    '<sdnList xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML">',
    '  <publshInformation><Publish_Date>05/30/2026</Publish_Date><Record_Count>1</Record_Count></publshInformation>',
    '</sdnList>',
  ],
  f.WRITING.un,
);
write(
  'refused/un-consolidated/empty-lists/consolidated.xml',
  f.unLines({ dateGenerated: '2026-02-27T00:00:09.554Z', individuals: [], entities: [] }),
  f.WRITING.un,
);

// ---------------------------------------------------------------- peps

write(
  'peps/entities.ftm.jsonl',
  [
    // line 1
    f.ftmPerson({
      id: 'Q123456789',
      first: 'Ana Lucía',
      last: 'Zúñiga de la Garza',
      aliases: ['Ana Zúñiga'],
      birthDate: '1975-03-14',
      gender: 'female',
      positions: ['Senadora de la República', 'Presidenta Municipal de San Pedro Garza García'],
      taxNumber: 'ZUGA750314QK2',
      idNumber: 'ZUGA750314MNLXRN07',
      datasets: ['mx_senators'],
    }),
    // line 2: skipped
    f.ftmPosition({ id: 'ps-senadora-mx', name: 'Senadora de la República' }),
    // line 3: no first and last name, a birth year only
    f.ftmPerson({
      id: 'mx-gov-villarreal-trevino',
      name: 'Roberto Carlos Villarreal Treviño',
      birthDate: '1970',
      gender: 'male',
      positions: ['Gobernador del Estado de Nuevo León'],
    }),
    // line 4: empty: not a row
    '',
    // line 5: a line cut short -> rejected
    '{"id": "mx-dep-ortega-salinas", "schema": "Person", "properties": {"name": ["Mario Ortega Sal',
    // line 6: skipped
    JSON.stringify({
      id: 'occ-1',
      schema: 'Occupancy',
      properties: { holder: ['Q123456789'], post: ['ps-senadora-mx'] },
    }),
    // line 7: a Person without a name -> rejected
    JSON.stringify({ id: 'mx-sin-nombre', schema: 'Person', properties: { position: ['Regidor'] } }),
    // line 8: the id of line 1 again -> rejected
    f.ftmPerson({
      id: 'Q123456789',
      first: 'Ana',
      last: 'Zúñiga',
      gender: 'female',
      positions: ['Diputada Local'],
    }),
    // line 9: an idNumber that is not an RFC or a CURP stays in raw
    f.ftmPerson({
      id: 'mx-dep-hernandez-ochoa',
      first: 'Luis Fernando',
      last: 'Hernández Ochoa',
      birthDate: '1981-06',
      gender: 'male',
      positions: ['Diputado Federal'],
      idNumber: 'INE 0123456789012',
    }),
  ],
  f.WRITING.ftm,
);
write(
  'refused/peps/not-json/entities.ftm.jsonl',
  ['RFC,RAZON SOCIAL,TIPO PERSONA', 'AIMO6811069F7,AISPURO MORENO OSCAR,F'],
  f.WRITING.ftm,
);
write(
  'refused/peps/no-person/entities.ftm.jsonl',
  [f.ftmPosition({ id: 'ps-1', name: 'Senadora de la República' })],
  f.WRITING.ftm,
);

// ---------------------------------------------------------------- real shapes
// What the publishers' real files do that the golden files above do not: the Art. 69 files write
// most persons given names first, the 69-B list mixes both orders (the RFC's letters tell which);
// OFAC cuts a long remark into sdn_comments.csv, mid-word, and writes some RFCs without homoclave;
// an FtM export lists persons who died. The people are made up; their RFCs are computed as the SAT
// computes them (letters of the name, birth date, a homoclave).

write(
  'real-shapes/sat-69/Firmes.csv',
  f.art69Lines('Firmes.csv', [
    // line 2: given names first, as the Art. 69 files write most persons (RFC AAAL: Arana Aguilar Lorena)
    { rfc: 'AAAL850312QW1', name: 'LORENA ARANA AGUILAR', tipo: 'F', date: '2021-03-01', state: 'JALISCO' },
    // line 3: José passed over by the RFC (L of Luis), a maternal surname with particles (C of Cruz)
    {
      rfc: 'PECL791102HT4',
      name: 'JOSÉ LUIS PÉREZ DE LA CRUZ',
      tipo: 'F',
      date: '2022-06-01',
      state: 'PUEBLA',
    },
    // line 4: María abbreviated, as registries print it (G of Guadalupe)
    {
      rfc: 'HELG680721K90',
      name: 'MA. GUADALUPE HERNÁNDEZ LÓPEZ',
      tipo: 'F',
      date: '2020-09-16',
      state: 'VERACRUZ',
    },
    // line 5: surnames first, in the same file
    {
      rfc: 'SAQA710220LM2',
      name: 'SALAZAR QUINTERO JOSÉ ALFREDO',
      tipo: 'F',
      date: '2019-02-01',
      state: 'SINALOA',
    },
    // line 6: a cooperativa with the long legal form
    {
      rfc: 'PGO0405109A1',
      name: 'PESCADORES DEL GOLFO, S.C. DE P. DE R.L. DE C.V.',
      tipo: 'M',
      date: '2018-05-01',
      state: 'TAMAULIPAS',
    },
  ]),
  f.WRITING.sat,
);
write(
  'real-shapes/sat-69b/Listado_completo_69-B.csv',
  f.sat69bLines({
    asOf: '2022-10-31',
    rows: [
      // line 5: surnames first
      { rfc: 'ZARE900115AB3', name: 'ZAPATA ROJO ERNESTO', status: 'Definitivo', stages: stages.definitivo },
      // line 6: given names first, in the same list
      { rfc: 'OCZD830909PP1', name: 'DANIELA OCHOA ZUBIRÍA', status: 'Presunto', stages: stages.presunto },
      // line 7: born this century, 18 by the list's date (2004-07-01 + 18 = 2022-07-01)
      { rfc: 'MUTC040701RT5', name: 'MUÑOZ TREVIÑO CARLOS', status: 'Presunto', stages: stages.presunto },
    ],
  }),
  f.WRITING.sat,
);
write(
  'real-shapes/ofac-sdn/sdn.csv',
  f.ofacSdnLines([
    // line 1: a remark too long for sdn.csv, cut in the middle of the RFC (no homoclave)
    {
      entNum: 40210,
      name: 'AGUILAR ALVAREZ, Mario',
      type: 'individual',
      programs: ['ILLICIT-DRUGS-EO14059'],
      remarks:
        'DOB 29 Sep 1953; POB Tijuana, Baja California, Mexico; nationality Mexico; citizen Mexico; Gender Male; R.F.C. AUA',
    },
    // line 2: an RFC without homoclave in sdn.csv itself
    {
      entNum: 40211,
      name: 'TREJO BARRAGAN, Elena',
      type: 'individual',
      programs: ['ILLICIT-DRUGS-EO14059'],
      remarks: 'DOB 03 Mar 1977; nationality Mexico; Gender Female; R.F.C. TEBE-770303 (Mexico).',
    },
  ]),
  f.WRITING.ofac,
);
write(
  'real-shapes/ofac-sdn/sdn_comments.csv',
  f.ofacCommentsLines([
    {
      entNum: 40210,
      extension:
        "M-530929 (Mexico); C.U.R.P. AUAM530929HBCGLR04 (Mexico); a.k.a. 'EL PROFE'; Linked To: TREJO BARRAGAN, Elena.",
    },
  ]),
  f.WRITING.ofac,
);
write(
  'real-shapes/peps/entities.ftm.jsonl',
  [
    // line 1: a governor who died: still listed, still screened
    f.ftmPerson({
      id: 'mx-gov-trevino-garza',
      first: 'Rodolfo',
      last: 'Treviño Garza',
      birthDate: '1941-08-19',
      deathDate: '2021-06-02',
      gender: 'male',
      positions: ['Gobernador de Nuevo León'],
    }),
    // line 2: alive
    f.ftmPerson({
      id: 'mx-sen-ochoa-zubiria',
      first: 'Daniela',
      last: 'Ochoa Zubiría',
      birthDate: '1983-09-09',
      gender: 'female',
      positions: ['Senadora de la República'],
    }),
  ],
  f.WRITING.ftm,
);

// An empty file: refused by every reader.
write('refused/empty/empty.csv', [], f.WRITING.sat);
console.log(`✔ fixtures written to ${path.relative(process.cwd(), OUT)}`);
