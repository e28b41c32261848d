// Two projects: pure unit specs beside the code, and e2e specs under test/ that drive the real
// api and processor (spawned by the global setup) against real PostgreSQL and Redis.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const moduleNameMapper = {
  '^@app/domain$': '<rootDir>/libs/domain/src/index.ts',
  '^@app/domain/(.*)$': '<rootDir>/libs/domain/src/$1',
  '^@app/persistence$': '<rootDir>/libs/persistence/src/index.ts',
  '^@app/persistence/(.*)$': '<rootDir>/libs/persistence/src/$1',
  '^@app/api-client$': '<rootDir>/libs/api-client/src/index.ts',
  '^@app/platform$': '<rootDir>/libs/platform/src/index.ts',
  '^@app/platform/(.*)$': '<rootDir>/libs/platform/src/$1',
  '^@app/adapters$': '<rootDir>/libs/adapters/src/index.ts',
  '^@app/adapters/(.*)$': '<rootDir>/libs/adapters/src/$1',
  '^@app/application$': '<rootDir>/libs/application/src/index.ts',
  '^@app/application/(.*)$': '<rootDir>/libs/application/src/$1',
  '^@app/testing$': '<rootDir>/libs/testing/src/index.ts',
  '^@app/testing/(.*)$': '<rootDir>/libs/testing/src/$1',
};

module.exports = {
  projects: [
    {
      displayName: 'unit',
      rootDir: __dirname,
      testEnvironment: 'node',
      // scripts/ and docker/ are plain CommonJS (npm start's supervisor): their specs run untransformed.
      testMatch: [
        '<rootDir>/libs/**/*.spec.ts',
        '<rootDir>/apps/**/*.spec.ts',
        '<rootDir>/scripts/**/*.spec.js',
        '<rootDir>/docker/**/*.spec.js',
      ],
      transform: { '^.+\\.ts$': swc },
      moduleNameMapper,
      setupFilesAfterEnv: ['<rootDir>/test/support/unit-jest-setup.ts'],
    },
    {
      displayName: 'e2e',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      transform: { '^.+\\.ts$': swc },
      moduleNameMapper,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/jest-setup.ts'],
    },
  ],
};
