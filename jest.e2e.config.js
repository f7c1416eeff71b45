/** End-to-end tests: real Postgres and Redis, real processes. `test/*.e2e-spec.ts`. */
module.exports = {
  ...require('./jest.preset'),
  displayName: 'e2e',
  testMatch: ['<rootDir>/{apps,libs}/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
  globalTeardown: '<rootDir>/libs/testing/src/global-teardown.ts',
  testTimeout: 60000,
};
