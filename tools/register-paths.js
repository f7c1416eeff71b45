'use strict';

// tsc leaves `@sdd/<lib>` (and the SDK's `@sameday/sdk`) imports as written; this maps them to the compiled
// libraries so `node -r ./tools/register-paths.js dist/apps/…` can run.
const path = require('node:path');
const { register } = require('tsconfig-paths');

register({
  baseUrl: path.join(__dirname, '..', 'dist'),
  paths: {
    '@sdd/*': ['libs/*/src/index.js'],
    // The one library file imported on its own: each app's first import (tsconfig.base.json).
    '@sdd/runtime/openapi-decorators-off': ['libs/runtime/src/openapi/openapi-decorators-off.js'],
    '@sameday/sdk': ['libs/sdk/src/index.js'],
  },
});
