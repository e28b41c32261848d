import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api } from './support/helpers';

describe('docs/openapi.json', () => {
  it('is exactly what the running code produces (run `npm run openapi` after an API change)', async () => {
    const { body } = await api().get('/docs-json').expect(200);
    const committed = JSON.parse(readFileSync(join(__dirname, '..', 'docs', 'openapi.json'), 'utf8'));
    expect(body).toEqual(committed);
  });
});

describe('libs/api-client/src/schema.d.ts', () => {
  it('is generated from the committed docs/openapi.json (run `npm run api-client`)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'api-client-'));
    const out = join(dir, 'schema.d.ts');
    const root = join(__dirname, '..');
    const generate = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/openapi-typescript/bin/cli.js'),
        join(root, 'docs/openapi.json'),
        '--default-non-nullable',
        'false',
        '-o',
        out,
      ],
      { encoding: 'utf8' },
    );
    expect(generate.status).toBe(0);
    spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/prettier/bin/prettier.cjs'),
        '--config',
        join(root, '.prettierrc'),
        '--log-level',
        'warn',
        '--write',
        out,
      ],
      { cwd: root },
    );
    expect(readFileSync(out, 'utf8')).toBe(
      readFileSync(join(root, 'libs/api-client/src/schema.d.ts'), 'utf8'),
    );
  });
});
