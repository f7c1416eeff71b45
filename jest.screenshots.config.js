/** `npm run docs:screenshots`: the pages of the web apps against a real system, written as PNGs for the docs (not a test of `npm test`). */
const e2e = require('./jest.e2e.config');

module.exports = { ...e2e, displayName: 'screenshots', testMatch: ['<rootDir>/e2e/screenshots/*.screens.ts'] };
