/** The short drills on three processes of every app and a Redis Cluster (drills/replicas/): a step of `npm run test:cluster`, not of `npm run test:drills`. */
const e2e = require('./jest.e2e.config');

module.exports = {
  ...e2e,
  displayName: 'replicas',
  testMatch: ['<rootDir>/drills/replicas/**/*.e2e-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
};
