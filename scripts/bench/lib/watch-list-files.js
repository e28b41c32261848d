'use strict';
// Real-size watch-list files for the bench, in the publishers' exact formats (see
// scripts/lib/watch-list-formats.js), deterministic for a seed: the sizes of the official files
// as they stand (article 69: 300,000 rows over its seven files; 69-B: 15,000; OFAC SDN: 19,000
// rows with 20,000 aliases; the UN list: 1,000; OpenSanctions PEPs: 50,000 persons), with the
// quirks the readers meet there: repeated RFCs, redacted rows, quoted line breaks, vessels,
// the FtM schemas that are not Person.
const fs = require('node:fs');
const path = require('node:path');
const f = require('../../lib/watch-list-formats');
const people = require('../../lib/watch-list-people');

const SIZES = { art69: 300_000, sat69b: 15_000, sdn: 19_000, sdnAliases: 20_000, un: 1_000, peps: 50_000 };

/** Each Art. 69 list's share of the rows, as the real files split them (Firmes and Cancelados lead). */
const ART_69_SHARES = {
  'Firmes.csv': 0.4633,
  'Cancelados.csv': 0.32,
  'CSDsinefectos.csv': 0.1053,
  'No_localizados.csv': 0.0933,
  'Exigibles.csv': 0.01,
  'EntespublicosydeGobiernoomisos.csv': 0.007,
  'Sentencias.csv': 0.001,
};

const englishDate = (iso) => {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${iso.slice(8, 10)} ${months[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
};

/**
 * Writes the files of every source under `dir` (one folder per source) and answers
 * `{ source: [paths] }`, the files in the order an import takes them.
 */
function writeRealSizeWatchLists(dir, { seed = 2026, sizes = SIZES } = {}) {
  const rng = people.seeded(seed);
  const party = () =>
    rng.chance(0.35) ? { moral: false, ...people.person(rng) } : { moral: true, ...people.company(rng) };
  const satName = (p) => (p.moral ? p.name : people.satPersonName(p));
  // The Art. 69 files write most persons given names first (4 in 5 here, chosen by the RFC's
  // homoclave so that the people are those of the other lists' runs).
  const art69Name = (p) =>
    p.moral ? p.name : p.rfc.charCodeAt(12) % 5 === 0 ? people.satPersonName(p) : people.givenFirstName(p);
  const out = (source, name) => {
    fs.mkdirSync(path.join(dir, source), { recursive: true });
    return path.join(dir, source, name);
  };
  const files = {};

  // ---- sat-69: 1 row in 100 repeats an RFC already listed (another crédito, another list).
  const listed = [];
  files['sat-69'] = [];
  let left = sizes.art69;
  const shares = Object.entries(ART_69_SHARES);
  shares.forEach(([file, share], i) => {
    const count = i === shares.length - 1 ? left : Math.round(sizes.art69 * share);
    left -= count;
    const file69 = out('sat-69', file);
    files['sat-69'].push(file69);
    f.writeLines(
      file69,
      f.art69Lines(
        file,
        (function* rows() {
          for (let n = 0; n < count; n++) {
            const p = listed.length > 0 && rng.chance(0.01) ? rng.pick(listed) : party();
            if (listed.length < 50_000) listed.push(p);
            yield {
              rfc: p.rfc,
              name: art69Name(p),
              tipo: p.moral ? 'M' : 'F',
              date: people.isoDate(rng, 2013, 2026),
              state: p.state,
              amount: `${rng.int(1, 950)},${String(rng.int(0, 999)).padStart(3, '0')}.00`,
              year: String(rng.int(2018, 2025)),
              period: 'ANUAL',
            };
          }
        })(),
      ),
      f.WRITING.sat,
    );
  });

  // ---- sat-69b: 1 row in 160 redacted; 1 in 200 with a line break inside the quoted name.
  const statuses = [
    'Definitivo',
    'Definitivo',
    'Definitivo',
    'Definitivo',
    'Sentencia Favorable',
    'Presunto',
  ];
  const sat69b = out('sat-69b', 'Listado_completo_69-B.csv');
  files['sat-69b'] = [sat69b];
  f.writeLines(
    sat69b,
    f.sat69bLines({
      asOf: '2026-10-31',
      rows: (function* rows() {
        for (let n = 0; n < sizes.sat69b; n++) {
          const status = rng.pick(statuses);
          const date = people.isoDate(rng, 2014, 2026);
          const stages = {
            presuncion: { oficio: `500-05-${date.slice(0, 4)}-${rng.int(1000, 39999)}`, date },
            ...(status === 'Presunto'
              ? {}
              : { definitivo: { oficio: `500-05-${date.slice(0, 4)}-${rng.int(1000, 39999)}`, date } }),
          };
          if (rng.chance(1 / 160)) {
            yield {
              rfc: 'XXXXXXXXXXXX',
              name: 'Información suprimida en cumplimiento de la Ley Federal de Protección de Datos Personales',
              status,
              stages,
            };
            continue;
          }
          const p = party();
          const name = satName(p);
          yield {
            rfc: p.rfc,
            name: p.moral && rng.chance(0.005) ? name.replace(', ', ', \r\n') : name,
            status,
            stages,
          };
        }
      })(),
    }),
    f.WRITING.sat,
  );

  // ---- ofac-sdn: individuals and entities, 1 in 20 a vessel; aliases and addresses linked by ent_num.
  const sdn = [];
  const alt = [];
  const add = [];
  for (let n = 0; n < sizes.sdn; n++) {
    const entNum = 10_000 + n;
    if (rng.chance(0.05)) {
      sdn.push({
        entNum,
        name: `${rng.pick(['ESTRELLA', 'GAVIOTA', 'SANTA MARIA', 'PERLA', 'AURORA'])} ${n}`,
        type: 'vessel',
        programs: ['SDNTK'],
        vessel: { callSign: `XC${n}`, type: 'Cargo', flag: 'Panama' },
        remarks: `Vessel Registration Identification IMO ${8_000_000 + n}.`,
      });
      continue;
    }
    const p = party();
    const remarks = p.moral
      ? [`R.F.C. ${p.rfc} (Mexico)`, `Organization Established Date ${englishDate(p.founded)}`]
      : [
          `DOB ${englishDate(p.birthDate)}`,
          `POB ${p.state}, Mexico`,
          'nationality Mexico',
          `Gender ${p.sex === 'H' ? 'Male' : 'Female'}`,
          ...(rng.chance(0.5) ? [`R.F.C. ${p.rfc} (Mexico)`] : []),
          ...(rng.chance(0.4) ? [`C.U.R.P. ${p.curp} (Mexico)`] : []),
          ...(rng.chance(0.2)
            ? [`a.k.a. '${rng.pick(['EL GUERO', 'LA TIA', 'EL CHAPARRO', 'EL INGE', 'EL PROFE'])}'`]
            : []),
        ];
    sdn.push({
      entNum,
      name: p.moral ? people.plain(p.name) : people.ofacPersonName(p),
      type: p.moral ? null : 'individual',
      programs: rng.chance(0.6) ? ['SDNTK', 'ILLICIT-DRUGS-EO14059'] : ['SDNTK'],
      remarks: remarks.join('; ') + '; Linked To: ORGANIZACION DEL PACIFICO.',
    });
    add.push({ entNum, addNum: 40_000 + n, city: `${p.state}`, country: 'Mexico' });
  }
  for (let n = 0; n < sizes.sdnAliases; n++) {
    const owner = sdn[rng.int(0, sdn.length - 1)];
    alt.push({
      entNum: owner.entNum,
      altNum: 60_000 + n,
      type: rng.pick(['aka', 'aka', 'aka', 'fka', 'nka']),
      name: `${owner.name} ${n}`,
    });
  }
  files['ofac-sdn'] = ['sdn.csv', 'alt.csv', 'add.csv'].map((name) => out('ofac-sdn', name));
  f.writeLines(files['ofac-sdn'][0], f.ofacSdnLines(sdn), f.WRITING.ofac);
  f.writeLines(files['ofac-sdn'][1], f.ofacAltLines(alt), f.WRITING.ofac);
  f.writeLines(files['ofac-sdn'][2], f.ofacAddLines(add), f.WRITING.ofac);

  // ---- un-consolidated: three individuals in four, each with aliases, a date of birth, a document.
  const individuals = [];
  const entities = [];
  for (let n = 0; n < sizes.un; n++) {
    if (n % 4 === 3) {
      const c = people.company(rng);
      entities.push({
        dataId: 6_900_000 + n,
        name: people.plain(c.name),
        listType: 'Haiti',
        reference: `HTe.${n}`,
        listedOn: people.isoDate(rng, 2005, 2026),
        aliases: [{ quality: 'a.k.a.', name: people.plain(c.name).split(',')[0] }],
        address: { city: c.state, country: 'Mexico' },
      });
      continue;
    }
    const p = people.person(rng);
    individuals.push({
      dataId: 6_900_000 + n,
      names: [p.given, p.paternal, p.maternal].map((x) => x.toUpperCase()),
      listType: rng.pick(['Haiti', 'Al-Qaida', 'DRC', 'Libya']),
      reference: `HTi.${n}`,
      listedOn: people.isoDate(rng, 2005, 2026),
      gender: p.sex === 'H' ? 'Male' : 'Female',
      nationalities: ['Mexico'],
      aliases: [
        { quality: 'Good', name: `${p.given} ${p.paternal}` },
        { quality: 'Low', name: rng.pick(['El Guero', 'La Tia', 'El Chaparro']) },
      ],
      dobs: rng.chance(0.7)
        ? [{ type: 'EXACT', date: p.birthDate }]
        : [{ type: 'APPROXIMATELY', year: p.birthDate.slice(0, 4) }],
      documents: [{ type: 'National Identification Number', number: p.curp, country: 'Mexico' }],
    });
  }
  const un = out('un-consolidated', 'consolidated.xml');
  files['un-consolidated'] = [un];
  f.writeLines(
    un,
    f.unLines({ dateGenerated: '2026-11-20T00:00:09.554Z', individuals, entities }),
    f.WRITING.un,
  );

  // ---- peps: a Position line for every few persons, as the export interleaves them.
  const peps = out('peps', 'entities.ftm.jsonl');
  files.peps = [peps];
  f.writeLines(
    peps,
    (function* lines() {
      for (let n = 0; n < sizes.peps; n++) {
        const p = people.person(rng);
        yield f.ftmPerson({
          id: `mx-pep-${n}`,
          first: p.given,
          last: `${p.paternal} ${p.maternal}`,
          birthDate: rng.chance(0.6) ? p.birthDate : undefined,
          gender: p.sex === 'H' ? 'male' : 'female',
          positions: [
            rng.pick(['Diputado Federal', 'Senador de la República', 'Presidente Municipal', 'Regidor']),
          ],
          taxNumber: rng.chance(0.1) ? p.rfc : undefined,
          datasets: ['mx_deputies'],
        });
        if (n % 5 === 0) yield f.ftmPosition({ id: `ps-${n}`, name: 'Presidente Municipal' });
      }
    })(),
    f.WRITING.ftm,
  );
  return files;
}

/** The five sources, in the order the benches import them. */
const SOURCES = ['sat-69b', 'sat-69', 'ofac-sdn', 'un-consolidated', 'peps'];

/** Files of the real sizes under `dir`, written once per generator (kept there between runs). */
function realSizeFiles(dir) {
  const manifest = path.join(dir, 'files.json');
  const generator = fs.statSync(__filename).mtimeMs;
  if (fs.existsSync(manifest)) {
    const kept = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    if (kept.generator === generator) return kept.files;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  const files = writeRealSizeWatchLists(dir);
  fs.writeFileSync(manifest, JSON.stringify({ generator, files }));
  return files;
}

module.exports = { writeRealSizeWatchLists, realSizeFiles, SIZES, SOURCES };
