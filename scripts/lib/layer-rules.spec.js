'use strict';
// The layer rules of eslint.config.mjs, run through ESLint itself: a forbidden import is reported in
// every kind of file, including those several guardrails match (a use case of the api is both "of
// the api" and "a use case"; with one shared rule name the later entry used to replace the earlier).
// ESLint loads its flat config with a dynamic import(), which Jest's module sandbox refuses: the
// files are linted by ESLint's Node API in a child process, all in one run.
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

const ROOT = join(__dirname, '../..');

const LINT = `
const { ESLint } = require('eslint');
const { join } = require('node:path');
const eslint = new ESLint({ cwd: process.cwd() });
const cases = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
Promise.all(cases.map(async ({ path, code }) => {
  const [result] = await eslint.lintText(code, { filePath: join(process.cwd(), path) });
  return result.messages.filter((m) => m.ruleId?.startsWith('layers/')).map((m) => m.message);
})).then((answers) => process.stdout.write(JSON.stringify(answers)));
`;

/** The messages of the layer rules for each `code` as if it were the file `path`. */
function layerMessagesOf(cases) {
  const out = execFileSync(process.execPath, ['-e', LINT], { cwd: ROOT, input: JSON.stringify(cases) });
  return JSON.parse(out.toString());
}

const importOf = (from) => `import { x } from '${from}';\nexport const y = x;\n`;

/** [file, import, part of the message it must get] */
const FORBIDDEN = [
  [
    'apps/api/src/screening/screening.controller.ts',
    '../../../processor/src/processor.module',
    'never imports the processor',
  ],
  [
    'apps/api/src/screening/read-requests.use-case.ts',
    '../../../processor/src/processor.module',
    'never imports the processor',
  ],
  [
    'apps/api/src/screening/duration-medians.ts',
    '../../../processor/src/processor.module',
    'never imports the processor',
  ],
  [
    'apps/processor/src/webhooks/deliver-webhook.use-case.ts',
    '../../../api/src/app.module',
    'never imports the api',
  ],
  [
    'apps/processor/src/webhooks/webhook.processor.ts',
    '../../../api/src/app.module',
    'never imports the api',
  ],
  ['apps/api/src/screening/read-requests.use-case.ts', '@nestjs/common', '@nestjs/common'],
  ['apps/processor/src/webhooks/deliver-webhook.use-case.ts', 'fastify', 'fastify'],
  ['apps/api/src/screening/screening.controller.ts', '@app/persistence', '@app/persistence'],
  ['libs/domain/src/screening/catalog.ts', '@nestjs/common', 'libs/domain is pure'],
  ['libs/domain/src/screening/catalog.ts', '@app/platform', 'libs/domain may not import this layer'],
  ['libs/domain/src/screening/catalog.ts', '../../../../apps/api/src/app.module', 'never imports an app'],
  [
    'libs/persistence/src/repositories/package.repository.ts',
    '@app/platform',
    'libs/persistence may not import',
  ],
  ['libs/platform/src/util/group-commit.ts', '@app/persistence', 'libs/platform may not import'],
  // The test support (libs/testing) is not shipped: neither the domain (its specs included) nor
  // shipped code imports it; it imports the domain only.
  ['libs/domain/src/watch-lists/matching/compare.ts', '@app/testing', 'libs/domain may not import'],
  [
    'libs/domain/src/watch-lists/matching/compare.spec.ts',
    '../../../../testing/src/watch-lists/synthetic/synthetic-names',
    'libs/domain may not import',
  ],
  ['apps/api/src/watch-lists/watch-lists.module.ts', '@app/testing', 'never imports the test support'],
  [
    'libs/adapters/src/watch-lists/csv-records.ts',
    '../../../testing/src/watch-lists/quality/labelled-pairs',
    'never imports the test support',
  ],
  ['libs/testing/src/watch-lists/quality/evaluate.ts', '@app/persistence', 'libs/testing may not import'],
];

/** [file, import] */
const ALLOWED = [
  ['apps/api/src/screening/read-requests.use-case.ts', '@app/persistence'],
  ['apps/api/src/screening/screening.controller.ts', '@app/domain'],
  ['libs/domain/src/screening/catalog.ts', './process-types'],
  ['libs/application/src/outbox/outbox-publisher.ts', '@app/persistence'],
  ['libs/testing/src/watch-lists/quality/evaluate.ts', '@app/domain/watch-lists/matching/compare'],
  ['libs/adapters/src/watch-lists/csv-records.spec.ts', '@app/testing'],
];

/** A use case of the api breaking two guardrails at once: "no Nest" and "not the processor". */
const TWICE = `import { Injectable } from '@nestjs/common';
import { x } from '../../../processor/src/processor.module';
export const y = [Injectable, x];
`;
const RES = `import { Res } from '@nestjs/common';\nexport const y = Res;\n`;

describe('the layer rules (eslint.config.mjs)', () => {
  let forbidden, allowed, twice, res;

  beforeAll(() => {
    const answers = layerMessagesOf([
      ...FORBIDDEN.map(([path, from]) => ({ path, code: importOf(from) })),
      ...ALLOWED.map(([path, from]) => ({ path, code: importOf(from) })),
      { path: 'apps/api/src/screening/read-requests.use-case.ts', code: TWICE },
      { path: 'apps/api/src/screening/screening.controller.ts', code: RES },
    ]);
    forbidden = answers.slice(0, FORBIDDEN.length);
    allowed = answers.slice(FORBIDDEN.length, FORBIDDEN.length + ALLOWED.length);
    [twice, res] = answers.slice(FORBIDDEN.length + ALLOWED.length);
  }, 120_000);

  it.each(FORBIDDEN.map((c, i) => [...c, i]))('%s may not import %s', (_path, _from, message, i) => {
    expect(forbidden[i]).toEqual(expect.arrayContaining([expect.stringContaining(message)]));
  });

  it.each(ALLOWED.map((c, i) => [...c, i]))('%s may import %s', (_path, _from, i) => {
    expect(allowed[i]).toEqual([]);
  });

  it('reports every guardrail a file breaks, not only the last entry’s', () => {
    expect(twice).toEqual([
      expect.stringContaining('@nestjs/common'),
      expect.stringContaining('never imports the processor'),
    ]);
  });

  it('refuses @Res in a controller, by the name of the export', () => {
    expect(res).toEqual([expect.stringContaining('Return the result')]);
  });
});
