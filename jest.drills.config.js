/** Faults injected for real: the short drills (drills/) and the outage tests (e2e/outages/); the large backlog purged under use (drills/large-backlog); `npm run test:drills`, which CI runs after `npm test`. The replicated drills (drills/replicas/) are `npm run test:cluster`'s (jest.replicas.config.js). */
const e2e = require('./jest.e2e.config');

module.exports = {
  ...e2e,
  displayName: 'drills',
  testMatch: ['<rootDir>/drills/**/*.e2e-spec.ts', '<rootDir>/e2e/outages/**/*.e2e-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/drills/replicas/'],
};
