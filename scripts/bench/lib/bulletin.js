'use strict';
// A daily bulletin for the ingest bench: a JSON Lines file of docs/operations.md as a judicial source
// would publish it over the corpus in the database. Names, states and categories follow the
// generator's weighted vocabulary, so new persons land on the same name pairs as the corpus's
// (every common pair is touched, as a real bulletin touches them).
const fs = require('node:fs');
const path = require('node:path');
const { randomUUID } = require('node:crypto');
const { ROOT } = require('./stack');

const vocabulary = require(path.join(ROOT, 'dist/libs/persistence/src/legal-corpus/vocabulary.js'));

/** xorshift32 from a seed: the same names and dates for the same seed (uuids are fresh each run). */
function random(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/**
 * Writes the bulletin to `file`: `persons` person lines (a tenth of them replacing persons of the
 * corpus: a new state, and for three in ten of those a corrected surname) and `lawsuits` lawsuit lines (three quarters for the
 * bulletin's new persons, the rest new lawsuits of persons already in the corpus, and one in fifty
 * a correction of an existing lawsuit). Answers what it wrote.
 */
async function writeBulletin(db, file, { persons, lawsuits, seed = 1 }) {
  const next = random(seed);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const male = vocabulary.expand(vocabulary.MALE_NAMES);
  const female = vocabulary.expand(vocabulary.FEMALE_NAMES);
  const surnames = vocabulary.expand(vocabulary.SURNAMES);
  const states = vocabulary.expand(vocabulary.STATES);
  const categories = vocabulary.expand(vocabulary.CATEGORIES);
  const judgements = vocabulary.expand(vocabulary.JUDGEMENT_TYPES);
  const companies = vocabulary.expand(vocabulary.COMPANIES);

  const replacedPersons = Math.floor(persons / 10);
  const existingWithLawsuits = Math.floor(lawsuits / 4);
  const corrections = Math.floor(lawsuits / 50);
  // Samples of the corpus: uuids are random, so the rows after a random uuid are a random sample.
  const sample = async (table, key, columns, n) =>
    (
      await db.query(
        `(SELECT ${columns} FROM ${table} WHERE ${key} >= $1::uuid ORDER BY ${key} LIMIT $2)
         UNION ALL (SELECT ${columns} FROM ${table} WHERE ${key} < $1::uuid ORDER BY ${key} LIMIT $2)`,
        [randomUUID(), n],
      )
    ).rows.slice(0, n);
  const existing = await sample(
    'legal_person',
    'uuid',
    'uuid, given_names, last_name, second_last_name, state',
    replacedPersons + existingWithLawsuits,
  );
  const corrected = await sample('legal_lawsuit', 'id', 'id, person_uuid', corrections);

  const out = fs.createWriteStream(file);
  const write = (line) =>
    out.write(`${JSON.stringify(line)}\n`) ? null : new Promise((r) => out.once('drain', r));
  const fresh = [];
  for (let i = 0; i < persons - replacedPersons; i++) {
    const given = next() < 0.5 ? male : female;
    const uuid = randomUUID();
    fresh.push(uuid);
    const first = pick(given);
    const second = next() < 0.4 ? pick(given) : first;
    await write({
      type: 'person',
      uuid,
      givenNames: second === first ? first : `${first} ${second}`,
      paternalSurname: pick(surnames),
      ...(next() < 0.97 ? { maternalSurname: pick(surnames) } : {}),
      state: pick(states),
    });
  }
  // A republished person: most often the same name with its state corrected, sometimes a surname.
  for (const p of existing.slice(0, replacedPersons)) {
    const fix = next();
    await write({
      type: 'person',
      uuid: p.uuid,
      givenNames: p.given_names,
      paternalSurname: fix < 0.15 ? pick(surnames) : p.last_name,
      ...(fix >= 0.15 && fix < 0.3
        ? { maternalSurname: pick(surnames) }
        : p.second_last_name
          ? { maternalSurname: p.second_last_name }
          : {}),
      state: pick(states),
    });
  }
  const others = existing.slice(replacedPersons).map((p) => p.uuid);
  const lawsuit = (id, personUuid) => {
    const category = pick(categories);
    const state = pick(states);
    const year = 2024 + Math.floor(next() * 3);
    const file = `${1 + Math.floor(next() * 9999)}/${year}`;
    const role = next() < 0.55 ? 'Defendant' : 'Applicant';
    const counterpart = pick(companies);
    return {
      type: 'lawsuit',
      id,
      personUuid,
      role,
      category,
      judgementType: pick(judgements),
      plaintiff: role === 'Applicant' ? 'La persona' : counterpart,
      defendant: role === 'Defendant' ? 'La persona' : counterpart,
      state,
      lawsuitType: category,
      agreementDate: `${year}-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`,
      fileNumber: file,
      source: `Boletín Judicial del Estado de ${state}`,
      court: `Primer Juzgado de lo ${category} de ${state}`,
      circuit: 'Primer Circuito',
      synthesis: `Acuerdo en el expediente ${file} (materia ${category.toLowerCase()}).`,
      synthesisUrl: `https://records.example.mx/sintesis/${id}`,
      sourceUrl: `https://records.example.mx/expedientes/${encodeURIComponent(file)}`,
    };
  };
  const newLawsuits = lawsuits - corrections;
  for (let i = 0; i < newLawsuits; i++) {
    const id = randomUUID();
    await write(
      lawsuit(id, i < newLawsuits - existingWithLawsuits ? pick(fresh) : others[i % others.length]),
    );
  }
  for (const l of corrected) await write(lawsuit(l.id, l.person_uuid));
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
  return {
    persons,
    replacedPersons,
    lawsuits: newLawsuits + corrected.length,
    corrections: corrected.length,
  };
}

module.exports = { writeBulletin };
