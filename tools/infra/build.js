'use strict';

const fs = require('node:fs');
const path = require('node:path');

/** What `tsc -p tsconfig.build.json` reads; tests are left out of the build. */
const SOURCE_DIRS = ['apps', 'libs', 'bench', 'drills', 'tools'];
const CONFIG_FILES = ['tsconfig.base.json', 'tsconfig.build.json', 'package-lock.json'];
const NOT_BUILT = /(\.spec\.ts|\.e2e-spec\.ts)$|^(test|node_modules)$/;
/**
 * The web apps and the SDK, which tsc does not read (tsconfig.build.json excludes them):
 * tools/dashboard/build.js has its own check, and writes their generated `schema.d.ts` (and the
 * SDK's libs/sdk/dist/) after tsc, which must not make dist/ look stale.
 */
const BUILT_APART = ['apps/dashboard', 'apps/driver-app', 'apps/ops-console', 'libs/sdk'];

/**
 * The build's stamp: tsc's own incremental state file, whose modification
 * time `markBuilt` sets to the moment the last successful build started.
 * @param {string} root
 */
function buildStamp(root) {
  return path.join(root, 'dist', '.tsbuildinfo');
}

/**
 * True if something in `dir` (a file, or a directory whose entries were
 * added, removed or renamed) changed after `since`.
 * @param {string} dir
 * @param {number} since
 * @returns {boolean}
 */
function changedSince(dir, since) {
  if (BUILT_APART.some((project) => dir.endsWith(path.join(path.sep, project)))) return false;
  const stat = fs.statSync(dir, { throwIfNoEntry: false });
  if (!stat) return false;
  if (stat.mtimeMs > since) return true;
  if (!stat.isDirectory()) return false;
  return fs
    .readdirSync(dir)
    .filter((name) => !NOT_BUILT.test(name))
    .some((name) => changedSince(path.join(dir, name), since));
}

/**
 * Whether dist/ is up to date with the sources, so `npm start` can skip the
 * ~10 s of an incremental tsc run that would emit nothing.
 * @param {string} root
 */
function buildUpToDate(root) {
  const stamp = fs.statSync(buildStamp(root), { throwIfNoEntry: false });
  if (!stamp) return false;
  return ![...SOURCE_DIRS, ...CONFIG_FILES].some((entry) => changedSince(path.join(root, entry), stamp.mtimeMs));
}

/**
 * Records a successful build. The stamp takes the build's start time, so a
 * file saved while tsc ran still counts as changed next time (tsc itself
 * leaves the file alone when it had nothing to emit).
 * @param {string} root
 * @param {Date} startedAt
 */
function markBuilt(root, startedAt) {
  fs.utimesSync(buildStamp(root), startedAt, startedAt);
}

module.exports = { buildUpToDate, markBuilt };
