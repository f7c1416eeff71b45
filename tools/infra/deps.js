'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { repoRoot } = require('./paths');
const { run } = require('./processes');

/** @param {string} file */
function modifiedAt(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * npm writes node_modules/.package-lock.json on every install, so it is older
 * than package-lock.json exactly when the lock file changed since (e.g. after
 * a pull).
 * @param {string} root
 */
function dependenciesOutdated(root) {
  const installed = modifiedAt(path.join(root, 'node_modules', '.package-lock.json'));
  const locked = modifiedAt(path.join(root, 'package-lock.json'));
  return installed === null || (locked !== null && installed < locked);
}

/**
 * Runs `npm ci` when node_modules is missing or older than package-lock.json:
 * exactly the locked versions, as CI and the image install them. The lock
 * file lists every platform's optional binaries; package.json's `overrides`
 * pin msgpackr-extract and unrs-resolver to the newest releases published for
 * every platform (their newest ones were published for some only, and npm
 * leaves the others out of the lock file, which `npm ci` then refuses).
 * Uses only Node built-ins: it runs before dependencies exist.
 * @param {{ root?: string, log?: (message: string) => void, signals?: import('./processes').StopSignals }} [options]
 * @returns {Promise<boolean>} whether an install ran
 */
async function ensureDependencies({ root = repoRoot, log = console.log, signals } = {}) {
  if (!dependenciesOutdated(root)) return false;
  log('Installing dependencies: npm ci --no-audit --no-fund');
  const code = await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, signals });
  if (code !== 0) throw new Error(`npm ci failed with exit code ${code}`);
  return true;
}

module.exports = { ensureDependencies, dependenciesOutdated };
