'use strict';

const path = require('node:path');

/** Absolute path of the repository, whatever the caller's working directory. */
const repoRoot = path.resolve(__dirname, '..', '..');

/** Local state of `npm start` / `npm test`: databases, logs. Git-ignored. */
const dataRoot = path.join(repoRoot, '.data');

module.exports = { repoRoot, dataRoot };
