// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/** `no-restricted-imports` for every TypeScript file of a folder. */
const layer = (folder, patterns) => ({
  files: [`${folder}/**/*.ts`],
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
/** A lib's forbidden neighbours, with and without a deep path, and their relative paths. */
const forbid = (aliases, from) => ({
  group: aliases.flatMap((alias) => [
    alias,
    `${alias}/*`,
    `**/libs/${alias.slice(5)}/**`,
    `**/${alias.slice(5)}/src/**`,
  ]),
  message: `${from} may not import this layer (see docs/architecture.md).`,
});
/** No library imports an app. */
const noApps = { group: ['**/apps/**'], message: 'A library never imports an app.' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test/artifacts/**'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Layer rules (docs/architecture.md). One entry per folder: in a flat config the last entry that
  // sets a rule for a file wins, so each lists everything its folder may not import.
  layer('libs/domain', [
    {
      // Plain TypeScript: relative imports, Node's built-ins and a few pure libraries, nothing else
      // (talisman: the string distances and phonetic keys of the watch-list matcher).
      regex: '^(?!\\.{1,2}/|node:|ipaddr\\.js$|talisman/(metrics|phonetics)/)',
      message: 'libs/domain is pure rules and ports: no framework, no other lib, no app.',
    },
    forbid(['@app/persistence', '@app/platform', '@app/adapters', '@app/application'], 'libs/domain'),
    noApps,
  ]),
  layer('libs/persistence', [
    forbid(['@app/platform', '@app/adapters', '@app/application'], 'libs/persistence'),
    noApps,
  ]),
  layer('libs/platform', [
    forbid(['@app/persistence', '@app/adapters', '@app/application'], 'libs/platform'),
    noApps,
  ]),
  layer('libs/adapters', [forbid(['@app/persistence', '@app/application'], 'libs/adapters'), noApps]),
  layer('libs/application', [noApps]),
  layer('apps/api', [
    {
      group: ['**/processor/src/**'],
      message: 'The api never imports the processor: share code through libs/.',
    },
  ]),
  layer('apps/processor', [
    { group: ['**/api/src/**'], message: 'The processor never imports the api: share code through libs/.' },
  ]),
  {
    // Use cases are plain classes (wired with provideUseCase): they return domain results and
    // know nothing of Nest or HTTP; controllers map their results to HTTP.
    files: ['apps/**/*.use-case.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@nestjs/*', 'fastify'] }] },
  },
  {
    // Controllers map use-case results to HTTP (an HttpAnswer when a header depends on the
    // result): no @Res, and no repository called past the use cases.
    files: ['apps/api/src/**/*.controller.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/common',
              importNames: ['Res', 'Response', 'Next'],
              message: 'Return the result (or an HttpAnswer) instead of writing to the reply.',
            },
          ],
          patterns: ['@app/persistence', '@app/persistence/*'],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.js', 'docker/**/*.js', 'test/fixtures/**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
