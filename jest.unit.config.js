/** Unit tests: pure logic and the repo's own files (k8s manifests), no servers. `*.spec.ts` beside the code (`*.spec.js` for the plain-JS tools). */
module.exports = {
  ...require('./jest.preset'),
  displayName: 'unit',
  testMatch: ['<rootDir>/{apps,libs,bench,drills,k8s}/**/*.spec.ts', '<rootDir>/tools/**/*.spec.js'],
};
