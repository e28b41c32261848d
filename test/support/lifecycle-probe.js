'use strict';
// Runs the built ProcessExecutionRepository outside Jest (Nest 12 is ESM, which Jest cannot load on
// this Node): starts the first queued process of each request in REQUEST_IDS as ONE applyMany, after
// bumping the version of the requests in STALE_IDS behind its back. Prints what it did as JSON.
const path = require('node:path');
const { DataSource } = require('typeorm');
const ROOT = path.join(__dirname, '..', '..');
const { dataSourceOptions } = require(path.join(ROOT, 'dist/libs/persistence/src/data-source-options'));
const { ProcessExecutionRepository } = require(
  path.join(ROOT, 'dist/libs/persistence/src/repositories/process-execution.repository'),
);
const { startInRequest } = require(path.join(ROOT, 'dist/libs/domain/src'));

(async () => {
  const requestIds = process.env.REQUEST_IDS.split(',');
  const staleIds = new Set(process.env.STALE_IDS.split(','));
  const dataSource = new DataSource(dataSourceOptions(process.env.DATABASE_URL, { poolSize: 2 }));
  await dataSource.initialize();
  try {
    const processes = new ProcessExecutionRepository(dataSource);
    const steps = [];
    for (const id of requestIds) {
      const [{ client_id: clientId }] = await dataSource.query(
        'SELECT client_id FROM candidate_request WHERE id = $1',
        [id],
      );
      const request = await processes.read({ requestId: id, clientIds: [clientId] });
      const processId = request.processes.find((p) => p.startDate === null && p.status === 'En proceso').id;
      steps.push({
        processId,
        step: {
          request,
          transition: startInRequest(request, processId, Date.now(), false),
          writes: {},
          jobs: [],
        },
      });
    }
    // Somebody else writes these requests after the steps read them.
    await dataSource.query(
      'UPDATE candidate_request SET lifecycle_version = lifecycle_version + 1 WHERE id = ANY($1)',
      [[...staleIds]],
    );
    const written = await processes.applyMany(steps.map((s) => s.step));
    console.log(
      JSON.stringify(
        steps.map((s, i) => ({
          requestId: s.step.request.uuid,
          processId: s.processId,
          versionRead: s.step.request.version,
          applied: written[i].applied,
        })),
      ),
    );
  } finally {
    await dataSource.destroy();
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
