'use strict';

/**
 * Stripe's request encoding: application/x-www-form-urlencoded with bracket
 * paths (`metadata[order]=42`, `expand[]=customer`, `items[0][price]=p`), as
 * the official SDK writes it. Decoded into plain objects and arrays.
 */

/**
 * A decoded value: a string, an array or an object of decoded values (JSDoc
 * cannot name a recursive type, so nested values are `unknown` to narrow).
 * @typedef {string | unknown[] | FormObject} FormValue
 * @typedef {{ [key: string]: unknown }} FormObject
 */

/** @param {string} key @returns {string[]} */
function pathOf(key) {
  const head = key.split('[', 1)[0];
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]);
  return [head, ...rest];
}

/**
 * @param {FormObject | FormValue[]} target
 * @param {string[]} path
 * @param {string} value
 */
function assign(target, path, value) {
  const [key, ...rest] = path;
  const container = /** @type {Record<string, FormValue>} */ (/** @type {unknown} */ (target));
  if (Array.isArray(target) && key === '') {
    if (rest.length === 0) target.push(value);
    else {
      const child = rest[0] === '' || /^\d+$/.test(rest[0]) ? [] : {};
      target.push(child);
      assign(child, rest, value);
    }
    return;
  }
  if (rest.length === 0) {
    container[key] = value;
    return;
  }
  if (container[key] === undefined || typeof container[key] === 'string') {
    container[key] = rest[0] === '' || /^\d+$/.test(rest[0]) ? [] : {};
  }
  assign(/** @type {FormObject | FormValue[]} */ (container[key]), rest, value);
}

/** @param {string} text @returns {FormObject} */
function decodeForm(text) {
  /** @type {FormObject} */
  const result = {};
  for (const [key, value] of new URLSearchParams(text)) assign(result, pathOf(key), value);
  return result;
}

module.exports = { decodeForm };
