'use strict';

const { noSuchObject } = require('../errors');
const { metadataOf, nowSeconds, text } = require('../context');
const { newObjectId } = require('../store');

/** @typedef {import('../context').Route} Route */

/**
 * Stripe's search query language, the one form payment-service uses:
 * `email:'someone@example.com'`.
 * @param {string} query @returns {string | undefined}
 */
function emailSearched(query) {
  return /^\s*email\s*:\s*'((?:[^'\\]|\\.)*)'\s*$/.exec(query)?.[1]?.replace(/\\(.)/g, '$1');
}

/** @type {Route[]} */
const customerRoutes = [
  {
    method: 'POST',
    path: /^\/v1\/customers$/,
    handler: ({ store, scope, livemode, params }) => ({
      body: store.insert(scope, {
        id: newObjectId('cus'),
        object: 'customer',
        created: nowSeconds(),
        email: text(params, 'email') ?? null,
        name: text(params, 'name') ?? null,
        phone: text(params, 'phone') ?? null,
        description: text(params, 'description') ?? null,
        metadata: metadataOf(params),
        livemode,
      }),
    }),
  },
  {
    method: 'GET',
    path: /^\/v1\/customers\/search$/,
    handler: ({ store, scope, params }) => {
      const email = emailSearched(text(params, 'query') ?? '');
      const data = email === undefined ? [] : store.list(scope, 'customer', (customer) => customer.email === email);
      return { body: { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/customers/search' } };
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/customers\/(cus_\w+)$/,
    handler: ({ store, scope }, id) => {
      const entry = store.find(scope, id);
      if (!entry || entry.object.object !== 'customer') throw noSuchObject('customer', id);
      return { body: entry.object };
    },
  },
];

module.exports = { customerRoutes, emailSearched };
