/** Unit tests: pure logic, no servers. `*.spec.ts` beside the code (`*.spec.js` for the plain-JS tools). */
module.exports = {
  ...require('./jest.preset'),
  displayName: 'unit',
  testMatch: ['<rootDir>/{apps,libs,bench,drills}/**/*.spec.ts', '<rootDir>/tools/**/*.spec.js'],
};
