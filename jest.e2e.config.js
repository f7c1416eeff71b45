/** End-to-end tests: real Postgres and Redis, real processes. `test/*.e2e-spec.ts`, and the short drills. */
module.exports = {
  ...require('./jest.preset'),
  displayName: 'e2e',
  testMatch: ['<rootDir>/{apps,libs,drills}/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
  globalTeardown: '<rootDir>/libs/testing/src/global-teardown.ts',
  testTimeout: 60000,
};
