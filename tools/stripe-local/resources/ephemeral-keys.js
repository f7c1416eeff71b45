'use strict';

const { StripeApiError, missingParam, noSuchObject } = require('../errors');
const { nowSeconds, text } = require('../context');
const { newObjectId } = require('../store');

/** @typedef {import('../context').Route} Route */

const VALIDITY_SECONDS = 3600;

/** @type {Route[]} */
const ephemeralKeyRoutes = [
  {
    method: 'POST',
    path: /^\/v1\/ephemeral_keys$/,
    handler: ({ store, scope, livemode, params, stripeVersion }) => {
      // The mobile SDK's API version decides the key's shape, so Stripe refuses to guess it.
      if (!stripeVersion) {
        throw new StripeApiError(400, 'invalid_request_error', 'Stripe-Version header is required to create an ephemeral key: pass the API version your mobile SDK uses.');
      }
      const customer = text(params, 'customer');
      if (!customer) throw missingParam('customer');
      if (!store.find(scope, customer)) throw noSuchObject('customer', customer, 'customer');
      const created = nowSeconds();
      const id = newObjectId('ephkey');
      return {
        body: {
          id,
          object: 'ephemeral_key',
          associated_objects: [{ id: customer, type: 'customer' }],
          created,
          expires: created + VALIDITY_SECONDS,
          livemode,
          secret: `ek_${livemode ? 'live' : 'test'}_${id.slice(7)}`,
        },
      };
    },
  },
];

module.exports = { ephemeralKeyRoutes };
