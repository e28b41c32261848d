// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { builtinRules } from 'eslint/use-at-your-own-risk';

/**
 * The layer rules are ESLint's own `no-restricted-imports`, registered once per guardrail under a
 * name of its own (`layers/<name>`). In a flat config a later entry that sets a rule for a file
 * replaces an earlier entry's options for it, so with one shared rule name a file matched by two
 * guardrails (a use case of the api: "no Nest" and "not the processor") kept only the last one.
 * Distinct rule names cannot replace each other: every file gets every guardrail that matches it.
 * (typescript-eslint reaches ESLint's core rules through the same entry point.)
 */
const restrictedImports = builtinRules.get('no-restricted-imports');
/** A guardrail: `no-restricted-imports` options (`patterns`, `paths`) for the files of `files`. */
const guard = (name, files, options) => ({
  name,
  files: [files],
  rules: { [`layers/${name}`]: ['error', options] },
});
/** `no-restricted-imports` for every TypeScript file of a folder. */
const layer = (folder, patterns) => guard(folder.replace('/', '-'), `${folder}/**/*.ts`, { patterns });
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

const layerRules = [
  layer('libs/domain', [
    {
      // Plain TypeScript: relative imports, Node's built-ins and a few pure libraries, nothing else
      // (talisman: the string distances and phonetic keys of the watch-list matcher; ms: the
      // durations people write in the configuration).
      regex: '^(?!\\.{1,2}/|node:|ipaddr\\.js$|ms$|talisman/(metrics|phonetics)/)',
      message: 'libs/domain is pure rules and ports: no framework, no other lib, no app.',
    },
    forbid(
      ['@app/persistence', '@app/platform', '@app/adapters', '@app/application', '@app/testing'],
      'libs/domain',
    ),
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
  // Test support (generated data, labelled pairs): it may import the domain, never the other way round.
  layer('libs/testing', [
    forbid(['@app/persistence', '@app/platform', '@app/adapters', '@app/application'], 'libs/testing'),
    noApps,
  ]),
  // Test support is not built into dist (tsconfig.build.json): code that is shipped never imports it,
  // or the build would compile it in after all. Specs and fixtures may (the domain's may not, above).
  {
    ...guard('shipped', '{apps,libs}/**/*.ts', {
      patterns: [
        {
          group: ['@app/testing', '@app/testing/*', '**/libs/testing/**', '**/testing/src/**'],
          message: 'Shipped code never imports the test support (libs/testing; see docs/testing.md).',
        },
      ],
    }),
    ignores: ['libs/testing/**', '**/*.spec.ts', '**/*.fixture.ts'],
  },
  layer('apps/api', [
    {
      group: ['**/processor/src/**'],
      message: 'The api never imports the processor: share code through libs/.',
    },
  ]),
  layer('apps/processor', [
    { group: ['**/api/src/**'], message: 'The processor never imports the api: share code through libs/.' },
  ]),
  // Use cases are plain classes (wired with provideUseCase): they return domain results and
  // know nothing of Nest or HTTP; controllers map their results to HTTP.
  guard('use-cases', 'apps/**/*.use-case.ts', { patterns: ['@nestjs/*', 'fastify'] }),
  // Controllers map use-case results to HTTP (an HttpAnswer when a header depends on the
  // result): no @Res, and no repository called past the use cases.
  guard('controllers', 'apps/api/src/**/*.controller.ts', {
    paths: [
      {
        name: '@nestjs/common',
        importNames: ['Res', 'Response', 'Next'],
        message: 'Return the result (or an HttpAnswer) instead of writing to the reply.',
      },
    ],
    patterns: ['@app/persistence', '@app/persistence/*'],
  }),
];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-testing/**', 'node_modules/**', 'coverage/**', 'test/artifacts/**'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Layer rules (docs/architecture.md), each its own rule (see `guard`): a file gets all that match it.
  { plugins: { layers: { rules: Object.fromEntries(layerRules.map((e) => [e.name, restrictedImports])) } } },
  ...layerRules,
  {
    files: ['scripts/**/*.js', 'docker/**/*.js', 'test/fixtures/**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
