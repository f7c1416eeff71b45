'use strict';

const { invalidRequest, missingParam, noSuchObject } = require('../errors');
const { metadataOf, nowSeconds, text } = require('../context');
const { newObjectId } = require('../store');

/**
 * @typedef {import('../context').Route} Route
 * @typedef {import('../context').RequestContext} RequestContext
 */

/** How long an onboarding link works, as Stripe's Account Links. */
const LINK_VALIDITY_SECONDS = 300;

/** @param {RequestContext} context @param {string} id */
function findAccount({ store, scope }, id) {
  const entry = store.find(scope, id);
  if (!entry || entry.object.object !== 'account') throw noSuchObject('account', id, 'account');
  return entry;
}

/** @type {Route[]} */
const connectRoutes = [
  {
    method: 'POST',
    path: /^\/v1\/accounts$/,
    handler: ({ store, scope, livemode, params }) => ({
      body: store.insert(scope, {
        id: newObjectId('acct'),
        object: 'account',
        type: text(params, 'type') ?? 'express',
        country: text(params, 'country') ?? 'CA',
        email: text(params, 'email') ?? null,
        created: nowSeconds(),
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        metadata: metadataOf(params),
        livemode,
      }),
    }),
  },
  {
    method: 'GET',
    path: /^\/v1\/accounts\/(acct_\w+)$/,
    handler: (context, id) => ({ body: findAccount(context, id).object }),
  },
  {
    method: 'POST',
    path: /^\/v1\/account_links$/,
    handler: (context) => {
      const account = text(context.params, 'account');
      if (!account) throw missingParam('account');
      findAccount(context, account);
      const returnUrl = text(context.params, 'return_url');
      const refreshUrl = text(context.params, 'refresh_url');
      if (!returnUrl) throw missingParam('return_url');
      if (!refreshUrl) throw missingParam('refresh_url');
      if ((text(context.params, 'type') ?? '') !== 'account_onboarding') throw invalidRequest('Only account_onboarding links exist here.', 'type');
      const token = newObjectId('link').slice(5);
      const created = nowSeconds();
      context.store.insert(
        context.scope,
        { id: `link_${token}`, object: 'onboarding_link', account, created },
        { returnUrl, refreshUrl, expiresAt: created + LINK_VALIDITY_SECONDS },
      );
      return { body: { object: 'account_link', created, expires_at: created + LINK_VALIDITY_SECONDS, url: `${context.publicUrl}/onboarding/${token}` } };
    },
  },
];

/**
 * What the onboarding page's "complete" button does: the account can take
 * charges and payouts, `account.updated` is sent, and the merchant goes back
 * to the platform's return_url.
 * @param {RequestContext} context @param {string} accountId
 */
function completeOnboarding(context, accountId) {
  const { object: account } = findAccount(context, accountId);
  Object.assign(account, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
  context.store.changed();
  context.emit('account.updated', account, account.id);
  return account;
}

module.exports = { completeOnboarding, connectRoutes, findAccount };
