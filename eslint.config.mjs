// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test/artifacts/**'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Layer rule: the domain knows nothing of Nest, TypeORM, Bull or HTTP.
    },
  },
  {
    files: ['libs/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@nestjs/*',
            'typeorm',
            'bull',
            'ioredis',
            'pg',
            '@app/persistence',
            '@app/platform',
            '@app/persistence/*',
            '@app/platform/*',
          ],
        },
      ],
    },
  },
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
    files: ['libs/persistence/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@app/platform', '@app/platform/*'] }] },
  },
  {
    files: ['scripts/**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
