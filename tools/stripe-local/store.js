'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/**
 * Every object the server made, kept in memory and written to one JSON file
 * so that a restart (npm start restarts what dies) keeps them. Objects belong
 * to the account of the key that made them: a test key and a live key of the
 * same account see different data, as on Stripe.
 * @typedef {Record<string, unknown> & { id: string, object: string }} StripeObject
 * @typedef {{ scope: string, object: StripeObject, meta: Record<string, unknown> }} Entry
 * @typedef {{ hash: string, status: number, body: string, at: number }} IdempotentResponse
 */

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

/** A Stripe-looking id: the prefix, then 24 random letters and digits. @param {string} prefix */
function newObjectId(prefix) {
  const bytes = crypto.randomBytes(24);
  return `${prefix}_${Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('')}`;
}

class Store {
  /** @param {string | undefined} file where to keep the state; undefined keeps it in memory only */
  constructor(file) {
    this.file = file;
    /** @type {Map<string, Entry>} */
    this.entries = new Map();
    /** @type {Map<string, IdempotentResponse>} */
    this.idempotency = new Map();
    /** @type {NodeJS.Timeout | undefined} */
    this.pendingWrite = undefined;
    if (file && fs.existsSync(file)) {
      const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
      for (const entry of saved.entries ?? []) this.entries.set(entry.object.id, entry);
      for (const [key, response] of saved.idempotency ?? []) this.idempotency.set(key, response);
    }
  }

  /** @param {string} scope @param {StripeObject} object @param {Record<string, unknown>} [meta] */
  insert(scope, object, meta = {}) {
    this.entries.set(object.id, { scope, object, meta });
    this.changed();
    return object;
  }

  /** The entry, if it exists in this scope: another account's object is simply not there. @param {string} scope @param {string} id */
  find(scope, id) {
    const entry = this.entries.get(id);
    return entry && entry.scope === scope ? entry : undefined;
  }

  /** For the hosted pages, reached by an unguessable id and no key. @param {string} id */
  findAnywhere(id) {
    return this.entries.get(id);
  }

  /** @param {string} scope @param {string} type @param {(object: StripeObject) => boolean} [where] */
  list(scope, type, where = () => true) {
    return [...this.entries.values()]
      .filter((entry) => entry.scope === scope && entry.object.object === type && where(entry.object))
      .map((entry) => entry.object)
      .sort((a, b) => Number(b.created) - Number(a.created));
  }

  /** @param {string} key */
  idempotent(key) {
    const found = this.idempotency.get(key);
    if (found && Date.now() - found.at > IDEMPOTENCY_TTL_MS) {
      this.idempotency.delete(key);
      return undefined;
    }
    return found;
  }

  /** @param {string} key @param {IdempotentResponse} response */
  remember(key, response) {
    this.idempotency.set(key, response);
    this.changed();
  }

  /** Writes soon, once for a burst of changes. */
  changed() {
    if (!this.file || this.pendingWrite) return;
    this.pendingWrite = setTimeout(() => this.flush(), 50);
  }

  flush() {
    if (this.pendingWrite) clearTimeout(this.pendingWrite);
    this.pendingWrite = undefined;
    if (!this.file) return;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify({ entries: [...this.entries.values()], idempotency: [...this.idempotency] }));
    fs.renameSync(temporary, this.file);
  }
}

module.exports = { Store, newObjectId };
