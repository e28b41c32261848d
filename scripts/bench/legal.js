'use strict';
// Legal-records figures of issue 4: search creation on the demo corpus and on 1,000,000 persons,
// a stored-page read with a filter, and a record-detail read (sequential calls, p50/p95).
const path = require('node:path');
const { Client } = require('pg');
const { timeCalls } = require('./lib/measure');
const { ROOT } = require('./lib/stack');
const { call } = require('./lib/workload');

const QUERIES = [
  { name: 'Juan', lastName: 'Hernández' },
  { name: 'María', lastName: 'García' },
  { name: 'José', lastName: 'López', secondLastName: 'Martínez' },
  { name: 'Guadalupe', secondLastName: 'Pérez' },
  { name: 'Luis Alberto', lastName: 'Ramírez' },
  { name: 'Ana', lastName: 'de la Cruz' },
  { name: 'Carlos', lastName: 'Sánchez', secondLastName: 'Flores' },
  { name: 'Sofía', lastName: 'Velázquez' },
];

async function measure(stack, token, label) {
  const SEARCHES = '/risks/legal-records/searches';
  await call(stack.base, token, 'POST', SEARCHES, QUERIES[0]); // warm-up
  const create = await timeCalls(80, (i) =>
    call(stack.base, token, 'POST', SEARCHES, QUERIES[i % QUERIES.length]),
  );
  const search = (await call(stack.base, token, 'POST', SEARCHES, QUERIES[0])).data;
  const category = search.kpis.top_categories[0].category;
  const state = search.kpis.top_states[0].state;
  const reread = await timeCalls(200, (i) =>
    call(
      stack.base,
      token,
      'GET',
      `${SEARCHES}/${search.searchId}?${i % 2 ? `categories=${encodeURIComponent(category)}` : `states=${encodeURIComponent(state)}`}&page=${1 + (i % 2)}&limit=50`,
    ),
  );
  const uuids = search.records.map((r) => r.uuid);
  const detail = await timeCalls(200, (i) =>
    call(stack.base, token, 'GET', `${SEARCHES}/${search.searchId}/records/${uuids[i % uuids.length]}`),
  );
  console.log(`\nLegal records, ${label} (sequential calls; ms)`);
  console.log(`  search creation            p50 ${create.p50.toFixed(1)}   p95 ${create.p95.toFixed(1)}`);
  console.log(`  stored page with a filter  p50 ${reread.p50.toFixed(1)}   p95 ${reread.p95.toFixed(1)}`);
  console.log(`  record detail              p50 ${detail.p50.toFixed(1)}   p95 ${detail.p95.toFixed(1)}`);
  return { create, reread, detail, juanHernandezMatches: search.kpis.total_matches };
}

async function explain(databaseUrl) {
  const { matchesSql } = require(
    path.join(ROOT, 'dist/libs/persistence/src/legal-corpus/legal-corpus.queries.js'),
  );
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${matchesSql()}`, [
    ['g:juan', 'l:hernandez'],
    300,
  ]);
  await db.end();
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** Lets PostgreSQL settle after a bulk load (statistics, visibility map, dirty pages) before timing. */
async function settle(databaseUrl) {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query('VACUUM ANALYZE legal_person');
  await db.query('VACUUM ANALYZE legal_lawsuit');
  await db.query('CHECKPOINT');
  await db.end();
}

async function runLegalBench(stack, token) {
  const results = { demo: await measure(stack, token, 'demo corpus (60,000 persons)') };
  if (process.env.BENCH_SKIP_MILLION === '1') return results;
  const { main } = require(path.join(ROOT, 'dist/libs/persistence/src/legal-corpus/cli.js'));
  console.log('\nGenerating the 1,000,000-person corpus...');
  await main(['--persons', '1000000', '--database-url', stack.env.DATABASE_URL]);
  await settle(stack.env.DATABASE_URL);
  results.million = await measure(stack, token, '1,000,000 persons');
  results.explain = await explain(stack.env.DATABASE_URL);
  console.log(
    '\nEXPLAIN ANALYZE of the search query (Juan Hernández, 1,000,000 persons):\n' + results.explain,
  );
  return results;
}

module.exports = { runLegalBench };
