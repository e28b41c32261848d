#!/usr/bin/env node
'use strict';
// Writes the demo watch-list files (data/watch-lists/demo/<source>/) that a fresh `npm start`
// imports (docs/watch-lists.md), in exactly the publishers' formats, and the manifest of the demo
// candidates they were made for (data/watch-lists/demo/candidates.json). The candidates' entries
// are written as below; around them, realistic filler (fixed seed) that none of them matches.
// The files are committed; run this again only to change them (and the README beside them):
//   node scripts/watch-lists/demo-files.js
const fs = require('node:fs');
const path = require('node:path');
const f = require('../lib/watch-list-formats');
const people = require('../lib/watch-list-people');

const OUT = path.join(__dirname, '../../data/watch-lists/demo');
const SEED = 2026;

/** The demo candidates and what each list should answer for them (docs/watch-list-matching.md). */
const CANDIDATES = require('./demo-candidates');

// Filler keeps away from every candidate's surnames (and the Swagger examples' companies), so the
// only hits are the documented ones.
const AVOID = new Set(CANDIDATES.avoidSurnames.map(people.plain));
const AVOID_COMPANY = new Set(['FENIX', 'NORTE']);

function write(relative, lines, writing) {
  const file = path.join(OUT, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  f.writeLines(file, lines, writing);
}

const rng = people.seeded(SEED);
const usedRfcs = new Set(CANDIDATES.listedRfcs);
const fresh = (make) => {
  for (;;) {
    const party = make();
    if (!usedRfcs.has(party.rfc)) {
      usedRfcs.add(party.rfc);
      return party;
    }
  }
};
const fillerPerson = () => fresh(() => people.person(rng, { avoid: AVOID }));
const fillerCompany = () => fresh(() => people.company(rng, { avoid: AVOID_COMPANY }));
const times = (n, make) => Array.from({ length: n }, (_, i) => make(i));

// ---------------------------------------------------------------- sat-69b

const STAGES = {
  Definitivo: (d) => ({
    presuncion: { oficio: `500-05-${d.slice(0, 4)}-${rng.int(1000, 39999)}`, date: d },
    definitivo: { oficio: `500-05-${d.slice(0, 4)}-${rng.int(1000, 39999)}`, date: d },
  }),
  Presunto: (d) => ({ presuncion: { oficio: `500-05-${d.slice(0, 4)}-${rng.int(1000, 39999)}`, date: d } }),
  Desvirtuado: (d) => ({
    presuncion: { oficio: `500-05-${d.slice(0, 4)}-${rng.int(1000, 39999)}`, date: d },
    desvirtuado: { oficio: `500-05-${d.slice(0, 4)}-${rng.int(1000, 39999)}`, date: d },
  }),
  'Sentencia Favorable': (d) => ({
    presuncion: { oficio: `500-05-${d.slice(0, 4)}-${rng.int(1000, 39999)}`, date: d },
    definitivo: { oficio: `500-05-${d.slice(0, 4)}-${rng.int(1000, 39999)}`, date: d },
    sentencia: { oficio: `500-05-${d.slice(0, 4)}-${rng.int(1000, 39999)}`, date: d },
  }),
};
/** The real list's mix: about 81 % Definitivo, 11 % Sentencia Favorable, 5 % Presunto, 3 % Desvirtuado. */
const status69b = () => {
  const r = rng.next();
  return r < 0.81 ? 'Definitivo' : r < 0.92 ? 'Sentencia Favorable' : r < 0.97 ? 'Presunto' : 'Desvirtuado';
};
const row69b = ({ rfc, name, status }) => ({
  rfc,
  name,
  status,
  stages: STAGES[status](people.isoDate(rng, 2014, 2026)),
});
const SUPRIMIDA = 'Información suprimida en cumplimiento de la Ley Federal de Protección de Datos Personales';
const filler69b = () => {
  const status = status69b();
  if (rng.chance(0.25)) {
    const p = fillerPerson();
    return row69b({ rfc: p.rfc, name: people.satPersonName(p), status });
  }
  const c = fillerCompany();
  return row69b({ rfc: c.rfc, name: c.name, status });
};
const listed69b = CANDIDATES.entries['sat-69b'].map(row69b);
write(
  'sat-69b/Listado_completo_69-B.csv',
  f.sat69bLines({
    asOf: '2026-10-31',
    rows: [
      ...times(12, filler69b),
      listed69b[0],
      ...times(6, filler69b),
      listed69b[1],
      { rfc: 'XXXXXXXXXXXX', name: SUPRIMIDA, status: 'Definitivo', stages: STAGES.Definitivo('2019-05-10') },
      ...times(8, filler69b),
      listed69b[2],
      ...times(5, filler69b),
      listed69b[3],
      { rfc: 'XXXXXXXXXXXX', name: SUPRIMIDA, status: 'Presunto', stages: STAGES.Presunto('2026-09-16') },
      ...times(4, filler69b),
    ],
  }),
  f.WRITING.sat,
);

// ---------------------------------------------------------------- sat-69

const filler69 = (file) => {
  if (file === 'EntespublicosydeGobiernoomisos.csv') {
    const municipality = rng.pick([
      'SAN JUAN',
      'SANTA MARÍA',
      'SAN PEDRO',
      'SANTIAGO',
      'SAN MIGUEL',
      'SANTO TOMÁS',
    ]);
    const place = rng.pick([
      'TLALTENANGO',
      'YOLOMÉCATL',
      'AMATLÁN',
      'CHILAPA',
      'TEPEXCO',
      'IXTLAHUACA',
      'ZAPOTITLÁN',
    ]);
    const founded = people.isoDate(rng, 1984, 1990);
    return {
      rfc: `M${place[0]}${municipality[1] === 'A' ? 'S' : 'J'}${founded.slice(2, 4)}${founded.slice(5, 7)}${founded.slice(8, 10)}${rng.pick(['T41', 'KA2', '8Q1', 'LM3'])}`,
      name: `MUNICIPIO DE ${municipality} ${place}`,
      year: String(rng.int(2019, 2025)),
      period: rng.pick(['ANUAL', 'ENERO-JUNIO', 'JULIO-DICIEMBRE']),
      state: rng.pick(['OAXACA', 'GUERRERO', 'PUEBLA', 'VERACRUZ', 'CHIAPAS']),
    };
  }
  const moral = rng.chance(0.65);
  const party = moral ? fillerCompany() : fillerPerson();
  return {
    rfc: party.rfc,
    name: moral ? party.name : people.satPersonName(party),
    tipo: moral ? 'M' : 'F',
    date: people.isoDate(rng, 2013, 2026),
    state: party.state,
    amount: `${rng.int(1, 950)},${String(rng.int(0, 999)).padStart(3, '0')}.${String(rng.int(0, 99)).padStart(2, '0')}`,
  };
};
const ART_69_FILLER = {
  'Firmes.csv': 28,
  'No_localizados.csv': 13,
  'Exigibles.csv': 9,
  'Cancelados.csv': 19,
  'CSDsinefectos.csv': 10,
  'Sentencias.csv': 5,
  'EntespublicosydeGobiernoomisos.csv': 6,
};
for (const [file, count] of Object.entries(ART_69_FILLER)) {
  const listed = CANDIDATES.entries['sat-69'].filter((entry) => entry.file === file);
  const rows = times(count, () => filler69(file));
  listed.forEach((entry, i) => rows.splice(3 + i * 5, 0, entry));
  write(`sat-69/${file}`, f.art69Lines(file, rows), f.WRITING.sat);
}

// ---------------------------------------------------------------- ofac-sdn

const PLACES = [
  'Culiacan, Sinaloa, Mexico',
  'Guadalajara, Jalisco, Mexico',
  'Tijuana, Baja California, Mexico',
  'Morelia, Michoacan, Mexico',
  'Chihuahua, Chihuahua, Mexico',
  'Reynosa, Tamaulipas, Mexico',
  'Ciudad de Mexico, Mexico',
];
const englishDate = (iso) => {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${iso.slice(8, 10)} ${months[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
};
const hyphenRfc = (rfc) => `${rfc.slice(0, -9)}-${rfc.slice(-9, -3)}-${rfc.slice(-3)}`;
let entNum = 30500;
const sdn = [...CANDIDATES.entries['ofac-sdn'].sdn];
const alt = [...CANDIDATES.entries['ofac-sdn'].alt];
const add = [...CANDIDATES.entries['ofac-sdn'].add];
let altNum = 70100;
let addNum = 52100;
for (let i = 0; i < 24; i++) {
  const p = fillerPerson();
  const remarks = [`DOB ${englishDate(p.birthDate)}`];
  if (rng.chance(0.3)) remarks.push(`alt. DOB ${Number(p.birthDate.slice(0, 4)) + rng.int(1, 2)}`);
  remarks.push(`POB ${rng.pick(PLACES)}`, 'nationality Mexico');
  if (rng.chance(0.5)) remarks.push('citizen Mexico');
  remarks.push(`Gender ${p.sex === 'H' ? 'Male' : 'Female'}`);
  if (rng.chance(0.6)) remarks.push(`R.F.C. ${rng.chance(0.5) ? hyphenRfc(p.rfc) : p.rfc} (Mexico)`);
  if (rng.chance(0.5)) remarks.push(`C.U.R.P. ${p.curp} (Mexico)`);
  const id = ++entNum;
  sdn.push({
    entNum: id,
    name: people.ofacPersonName(p),
    type: 'individual',
    programs: rng.chance(0.7) ? ['SDNTK', 'ILLICIT-DRUGS-EO14059'] : ['SDNTK'],
    remarks: remarks.join('; ') + '.',
  });
  if (rng.chance(0.4))
    alt.push({
      entNum: id,
      altNum: ++altNum,
      type: 'aka',
      name: `${people.plain(p.paternal)}, ${people.plain(p.given).replace(/\b(\w)(\w*)/g, (_, a, b) => a + b.toLowerCase())}`,
    });
  if (rng.chance(0.7))
    add.push({
      entNum: id,
      addNum: ++addNum,
      city: rng.pick(PLACES).replace(/, Mexico$/, ''),
      country: 'Mexico',
    });
}
for (let i = 0; i < 5; i++) {
  const c = fillerCompany();
  const id = ++entNum;
  sdn.push({
    entNum: id,
    name: people.plain(c.name),
    type: null,
    programs: ['SDNTK', 'ILLICIT-DRUGS-EO14059'],
    remarks: `R.F.C. ${hyphenRfc(c.rfc)} (Mexico); Organization Established Date ${englishDate(c.founded)}.`,
  });
  add.push({
    entNum: id,
    addNum: ++addNum,
    city: rng.pick(PLACES).replace(/, Mexico$/, ''),
    country: 'Mexico',
  });
}
for (const [name, flag] of [
  ['LA GAVIOTA DEL PACIFICO', 'Mexico'],
  ['ESTRELLA DE MAZATLAN', 'Mexico'],
]) {
  const id = ++entNum;
  sdn.push({
    entNum: id,
    name,
    type: 'vessel',
    programs: ['SDNTK'],
    vessel: { callSign: `XC${rng.int(100, 999)}`, type: 'Fishing Vessel', flag },
    remarks: `Vessel Registration Identification IMO ${rng.int(8000000, 9899999)}.`,
  });
}
write('ofac-sdn/sdn.csv', f.ofacSdnLines(sdn), f.WRITING.ofac);
write('ofac-sdn/alt.csv', f.ofacAltLines(alt), f.WRITING.ofac);
write('ofac-sdn/add.csv', f.ofacAddLines(add), f.WRITING.ofac);

// ---------------------------------------------------------------- un-consolidated

write(
  'un-consolidated/consolidated.xml',
  f.unLines({
    dateGenerated: '2026-11-20T00:00:09.554Z',
    individuals: CANDIDATES.entries['un-consolidated'].individuals,
    entities: CANDIDATES.entries['un-consolidated'].entities,
  }),
  f.WRITING.un,
);

// ---------------------------------------------------------------- peps

const POSITIONS = [
  'Diputado Federal',
  'Diputada Federal',
  'Senador de la República',
  'Senadora de la República',
  'Presidente Municipal de Zapopan',
  'Presidenta Municipal de Puebla',
  'Secretario de Hacienda del Estado de Jalisco',
  'Magistrado del Tribunal Superior de Justicia de la Ciudad de México',
  'Diputado Local del Congreso de Veracruz',
  'Subsecretario de Egresos',
  'Director General de Aduanas',
  'Oficial Mayor del Gobierno del Estado de Sonora',
];
const pepLines = [];
for (const entry of CANDIDATES.entries.peps) pepLines.push(f.ftmPerson(entry));
for (let i = 0; i < 58; i++) {
  const p = fillerPerson();
  const position = rng.pick(
    POSITIONS.filter((x) =>
      p.sex === 'M'
        ? !/\b(Diputado|Senador|Presidente)\b/.test(x)
        : !/\b(Diputada|Senadora|Presidenta)\b/.test(x),
    ),
  );
  const birth = rng.next();
  pepLines.push(
    f.ftmPerson({
      id: `mx-pep-${people
        .plain(`${p.paternal}-${p.maternal}-${p.given}`)
        .toLowerCase()
        .replace(/[^a-z]+/g, '-')}-${i}`,
      first: p.given,
      last: `${p.paternal} ${p.maternal}`,
      birthDate: birth < 0.5 ? p.birthDate : birth < 0.75 ? p.birthDate.slice(0, 4) : undefined,
      gender: p.sex === 'H' ? 'male' : 'female',
      positions: [position],
      taxNumber: rng.chance(0.2) ? p.rfc : undefined,
      datasets: ['mx_deputies'],
    }),
  );
  if (i % 3 === 0) pepLines.push(f.ftmPosition({ id: `ps-${i}`, name: position }));
}
write('peps/entities.ftm.jsonl', pepLines, f.WRITING.ftm);

// ---------------------------------------------------------------- manifest

// Formatted as the repository formats JSON, so `npm run lint` finds it as written.
require('prettier')
  .format(JSON.stringify(CANDIDATES.manifest), { parser: 'json', printWidth: 110 })
  .then((json) => {
    fs.writeFileSync(path.join(OUT, 'candidates.json'), json);
    console.log(`✔ demo watch-list files written to ${path.relative(process.cwd(), OUT)}`);
  });
