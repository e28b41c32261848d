'use strict';
// Report figure (issue "What HR teams ask for next", item 1): the PDF report of a PKG-ACME-FULL
// request whose 12 processes have all finished, downloaded through the api (sequential; p50/p95).
const { timeCalls } = require('./lib/measure');
const { sleep } = require('./lib/stack');
const { authHeaders, call, EXAMPLES } = require('./lib/workload');

const CANDIDATE = {
  packageId: 'PKG-ACME-FULL',
  name: 'José Ángel',
  lastName: 'Núñez',
  secondLastName: 'Güemes',
  birthDate: '1990-05-17',
  nationality: 'MX',
  gender: 'H',
  rfc: 'NUGJ900517AB1',
  curp: 'NUGJ900517HDFXMS09',
  consentNIP: '4790',
};

/** What the candidate supplies to each process that waits for them: the api's examples. */
const { documents, personalReferences, workReferences } = EXAMPLES.CANDIDATE_INPUT_EXAMPLES;
const CANDIDATE_INPUT = {
  Documentos: documents.value,
  'Referencias Personales': personalReferences.value,
  'Referencias Laborales': workReferences.value,
};

/** Registers the candidate and answers for them until every process has finished. */
async function finishedFullRequest(stack, token) {
  const { uuid } = await call(stack.base, token, 'POST', '/candidate-requests', CANDIDATE);
  const supplied = new Set();
  for (let i = 0; i < 2400; i++) {
    const { data } = await call(stack.base, token, 'GET', `/candidate-requests/${uuid}`);
    if (data.globalEndDate !== null) return uuid;
    for (const p of data.processes) {
      if (p.status !== 'Pendiente Candidato' || supplied.has(p.id)) continue;
      supplied.add(p.id);
      const path = `/candidate-requests/${uuid}/processes/${p.id}/candidate-input`;
      await call(stack.base, token, 'POST', path, CANDIDATE_INPUT[p.processName]);
    }
    await sleep(25);
  }
  throw new Error('the PKG-ACME-FULL request did not finish within a minute');
}

async function runReportBench(stack, token) {
  const uuid = await finishedFullRequest(stack, token);
  let bytes = 0;
  const download = async () => {
    const response = await fetch(`${stack.base}/candidate-requests/${uuid}/report`, {
      headers: authHeaders(token, false),
    });
    if (response.status !== 200) throw new Error(`report: ${response.status} ${await response.text()}`);
    bytes = (await response.arrayBuffer()).byteLength;
  };
  for (let i = 0; i < 20; i++) await download(); // warm-up: fonts parsed, JIT settled
  const timing = await timeCalls(300, download);
  console.log(
    '\nPDF report, PKG-ACME-FULL with 12 finished processes (sequential downloads through the api)',
  );
  console.log(
    `  GET /candidate-requests/{uuid}/report   p50 ${timing.p50.toFixed(1)} ms   p95 ${timing.p95.toFixed(1)} ms   (${(bytes / 1024).toFixed(1)} kB)`,
  );
  return { ...timing, bytes };
}

module.exports = { runReportBench };
