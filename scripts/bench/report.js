'use strict';
// Report figure (issue "What HR teams ask for next", item 1): the PDF report of a PKG-ACME-FULL
// request whose 12 processes have all finished, downloaded through the api (sequential; p50/p95).
const { rssMb } = require('./lib/floors');
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

/**
 * Names in the scripts DejaVu Sans lacks or cannot lay out, each report a few more fallback files:
 * Chinese names of common and rarer characters, Japanese, Korean, Arabic, Hebrew, Devanagari, Thai.
 */
const SCRIPT_NAMES = [
  ['小明', '王', '李'],
  ['伟', '张', '刘'],
  ['秀英', '陈', '杨'],
  ['志强', '黄', '赵'],
  ['婷婷', '周', '吴'],
  ['俊杰', '徐', '孙'],
  ['嘉怡', '欧阳', '诸葛'],
  ['翔', '龚', '龙'],
  ['たろう', '山田', '髙橋'],
  ['さくら', '佐藤', '渡邊'],
  ['민준', '김', '박'],
  ['서연', '이', '최'],
  ['محمد', 'علي', 'حسن'],
  ['فاطمة', 'الزهراء', 'عبد الله'],
  ['דוד', 'כהן', 'לוי'],
  ['राहुल', 'कुमार', 'शर्मा'],
  ['สมชาย', 'ใจดี', 'ศรีสุข'],
];

/** Registers a PKG-ACME-BASIC candidate named so and waits until every process has finished. */
async function finishedBasicRequest(stack, token, [name, lastName, secondLastName]) {
  const body = { ...EXAMPLES.REGISTRATION_EXAMPLES.basic.value, name, lastName, secondLastName };
  const { uuid } = await call(stack.base, token, 'POST', '/candidate-requests', body);
  for (let i = 0; i < 2400; i++) {
    const { data } = await call(stack.base, token, 'GET', `/candidate-requests/${uuid}`);
    if (data.globalEndDate !== null) return uuid;
    await sleep(25);
  }
  throw new Error('a PKG-ACME-BASIC request did not finish within a minute');
}

/**
 * The api's RSS after Latin reports only, then after reports of names in other scripts (the
 * fallback fonts read, parsed and kept): what a CJK name costs the api's memory.
 */
async function scriptsRss(stack, token, latinDownload) {
  const uuids = [];
  for (const names of SCRIPT_NAMES) uuids.push(await finishedBasicRequest(stack, token, names));
  for (let i = 0; i < 100; i++) await latinDownload();
  const before = rssMb(stack.api.pid);
  let bytes = 0;
  const download = async (uuid) => {
    const response = await fetch(`${stack.base}/candidate-requests/${uuid}/report`, {
      headers: authHeaders(token, false),
    });
    if (response.status !== 200) throw new Error(`report: ${response.status} ${await response.text()}`);
    bytes = Math.max(bytes, (await response.arrayBuffer()).byteLength);
  };
  const first = await timeCalls(1, () => download(uuids[0]));
  for (let round = 0; round < 10; round++) for (const uuid of uuids) await download(uuid);
  const timing = await timeCalls(100, () => download(uuids[0]));
  const after = rssMb(stack.api.pid);
  console.log(
    `  the same with a Chinese name         p50 ${timing.p50.toFixed(1)} ms   p95 ${timing.p95.toFixed(1)} ms   first ${first.p50.toFixed(0)} ms (fallback fonts read); largest ${(bytes / 1024).toFixed(1)} kB`,
  );
  console.log(
    `  api RSS: after Latin reports ${before.toFixed(1)} MB; after ${uuids.length * 10 + 101} reports of names in ${SCRIPT_NAMES.length} ways (CJK, Arabic, Hebrew, Devanagari, Thai) ${after.toFixed(1)} MB (+${(after - before).toFixed(1)} MB)   target < +20 MB`,
  );
  return {
    p50: timing.p50,
    p95: timing.p95,
    firstMs: first.p50,
    bytes,
    rssBeforeMb: before,
    rssAfterMb: after,
  };
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
  const scripts = await scriptsRss(stack, token, download);
  return { ...timing, bytes, scripts };
}

module.exports = { runReportBench };
