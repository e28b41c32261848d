'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { APP_NODE_FLAGS } = require('./app-runtime');

const ROOT = path.join(__dirname, '..', '..');
const read = (file) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The young generation's size (MB) once a process under these flags made a lot of short-lived garbage. */
function youngGenerationMb(flags) {
  const run = spawnSync(
    process.execPath,
    [
      ...flags,
      '-e',
      `let keep = []; for (let i = 0; i < 3e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 20000) keep = []; }
       const space = require('v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
       console.log(space.space_size);`,
    ],
    { encoding: 'utf8' },
  );
  expect(run.stderr).toBe('');
  return Number(run.stdout) / 2 ** 20;
}

describe('the apps’ Node flags', () => {
  it('are flags this Node accepts (a typo would stop the app at start)', () => {
    for (const flags of Object.values(APP_NODE_FLAGS)) {
      const run = spawnSync(process.execPath, [...flags, '-e', 'process.exit(0)'], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    }
  });

  it('hold the api’s young generation to 16 MB (two semi-spaces of 8; Node 20 grows it to 32)', () => {
    expect(youngGenerationMb(APP_NODE_FLAGS.api)).toBeLessThanOrEqual(16);
  });

  it('are repeated exactly where this file cannot be read: package.json, the image and compose', () => {
    const scripts = JSON.parse(read('package.json')).scripts;
    for (const app of ['api', 'processor'])
      expect(scripts[`start:${app}`]).toBe(
        ['node', ...APP_NODE_FLAGS[app], `dist/apps/${app}/src/main.js`].join(' '),
      );
    const command = (app) => JSON.stringify(['node', ...APP_NODE_FLAGS[app], `dist/apps/${app}/src/main.js`]);
    expect(read('docker/Dockerfile')).toContain(`CMD ${command('api').replaceAll(',', ', ')}`);
    const compose = read('docker/compose.yml').replaceAll("'", '"');
    for (const app of ['api', 'processor'])
      expect(compose).toContain(`command: ${command(app).replaceAll(',', ', ')}`);
  });
});
