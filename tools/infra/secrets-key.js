'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { dataRoot } = require('./paths');

/**
 * The webhook-dispatcher's WEBHOOK_SECRETS_KEY for `npm start` and `npm test`:
 * generated once and kept in `<dir>/webhook-secrets.key` (mode 0600), so the
 * secrets sealed in the local database still open on the next run. The
 * dispatcher itself has no fallback key.
 * @param {string} [dir]
 * @returns {string} base64, 32 bytes
 */
function webhookSecretsKey(dir = dataRoot) {
  const file = path.join(dir, 'webhook-secrets.key');
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.writeFileSync(file, `${crypto.randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Another run made it first, or an earlier one did: theirs is the key.
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
  }
  const key = fs.readFileSync(file, 'utf8').trim();
  if (!/^[A-Za-z0-9+/]{43}=$/.test(key)) throw new Error(`${file} does not hold a 32-byte base64 key: delete it to generate a new one`);
  return key;
}

/**
 * The key `npm start` used before keys were required (a fixed development
 * key): kept among the old keys under `npm start` alone, so a local database
 * from then still opens its webhook secrets.
 */
const LEGACY_DEVELOPMENT_KEY = crypto.createHash('sha256').update('sameday development webhook secrets key').digest('base64');

/**
 * The text of `<dir>/<name>`, made by `make` the first time (mode 0600) and
 * read back every time after, whichever run made it.
 * @param {string} dir
 * @param {string} name
 * @param {() => string} make
 */
function generatedOnce(dir, name, make) {
  const file = path.join(dir, name);
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.writeFileSync(file, `${make()}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
  }
  return { file, value: fs.readFileSync(file, 'utf8').trim() };
}

/**
 * The operators' OPS_API_TOKEN for `npm start`: generated once and kept in
 * `<dir>/ops-api-token` (mode 0600), where `npm run drivers:seed` and
 * `npm run drivers:simulate` read it too.
 * @param {string} [dir]
 * @returns {string}
 */
function opsApiToken(dir = dataRoot) {
  const { file, value } = generatedOnce(dir, 'ops-api-token', () => `ops_${crypto.randomBytes(24).toString('base64url')}`);
  if (value.length < 24) throw new Error(`${file} does not hold an operator token: delete it to generate a new one`);
  return value;
}

/**
 * The gateway's PROOF_URL_SECRET for `npm start` (signs proof photo URLs):
 * generated once under `<dir>`, so URLs stay valid across restarts and
 * replicas of one local run.
 * @param {string} [dir]
 * @returns {string}
 */
function proofUrlSecret(dir = dataRoot) {
  const { file, value } = generatedOnce(dir, 'proof-url-secret', () => crypto.randomBytes(32).toString('hex'));
  if (value.length < 32) throw new Error(`${file} does not hold a URL-signing secret: delete it to generate a new one`);
  return value;
}

module.exports = { webhookSecretsKey, opsApiToken, proofUrlSecret, LEGACY_DEVELOPMENT_KEY };
