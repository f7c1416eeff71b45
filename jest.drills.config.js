/** The short fault drills (drills/*.e2e-spec.ts): `npm run test:drills`, which CI runs after `npm test`. */
const e2e = require('./jest.e2e.config');

module.exports = { ...e2e, displayName: 'drills', testMatch: ['<rootDir>/drills/**/*.e2e-spec.ts'] };
