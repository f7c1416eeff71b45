/** Unit tests: pure logic, no servers. `*.spec.ts` beside the code. */
module.exports = {
  ...require('./jest.preset'),
  displayName: 'unit',
  testMatch: ['<rootDir>/{apps,libs,bench,drills}/**/*.spec.ts'],
};
