'use strict';

const path = require('node:path');

/** Absolute path of the repository, whatever the caller's working directory. */
const repoRoot = path.resolve(__dirname, '..', '..');

/**
 * Local state of `npm start` / `npm test`: databases, logs. Git-ignored.
 * SDD_DATA_DIR moves it elsewhere (tests of `npm start` use a directory of
 * their own, never a developer's .data/).
 */
const dataRoot = process.env.SDD_DATA_DIR ? path.resolve(process.env.SDD_DATA_DIR) : path.join(repoRoot, '.data');

module.exports = { repoRoot, dataRoot };
