/** End-to-end tests: real Postgres and Redis, real processes. The system's by domain in `e2e/<domain>/`, each project's own in `test/`; the short drills and e2e/outages/ have their own run (jest.drills.config.js). */
module.exports = {
  ...require('./jest.preset'),
  displayName: 'e2e',
  testMatch: ['<rootDir>/{e2e,apps,libs}/**/*.e2e-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/e2e/outages/'],
  globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
  globalTeardown: '<rootDir>/libs/testing/src/global-teardown.ts',
  // Every real response of the suite is held to the OpenAPI document (docs/api.md).
  setupFilesAfterEnv: ['<rootDir>/libs/testing/src/openapi-conformance.setup.ts'],
  testTimeout: 60000,
};
