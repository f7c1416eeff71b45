'use strict';

const { StripeApiError, invalidRequest, missingParam, noSuchObject } = require('../errors');
const { listOf, metadataOf, nowSeconds, text } = require('../context');
const { newObjectId } = require('../store');
const { findAccount } = require('./connect');
const { findIntent } = require('./payment-intents');

/**
 * Transfers to connected accounts and refunds of payments.
 * @typedef {import('../context').Route} Route
 * @typedef {import('../context').RequestContext} RequestContext
 */

/** @param {RequestContext} context @param {string} name */
function positiveAmount(context, name = 'amount') {
  const raw = text(context.params, name);
  if (raw === undefined) throw missingParam(name);
  const amount = Number(raw);
  if (!Number.isInteger(amount) || amount < 1) throw invalidRequest('This value must be greater than or equal to 1.', name);
  return amount;
}

/** @param {RequestContext} context @param {string} type @param {string} id */
function findOwn({ store, scope }, type, id) {
  const entry = store.find(scope, id);
  if (!entry || entry.object.object !== type) throw noSuchObject(type, id);
  return entry.object;
}

/** @type {Route[]} */
const moneyMovementRoutes = [
  {
    method: 'POST',
    path: /^\/v1\/transfers$/,
    handler: (context) => {
      const amount = positiveAmount(context);
      const currency = text(context.params, 'currency');
      if (!currency) throw missingParam('currency');
      const destination = text(context.params, 'destination');
      if (!destination) throw missingParam('destination');
      const account = findAccount(context, destination).object;
      if (!account.payouts_enabled) {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          {
            param: 'destination',
          },
        );
      }
      return {
        body: context.store.insert(context.scope, {
          id: newObjectId('tr'),
          object: 'transfer',
          amount,
          amount_reversed: 0,
          currency: currency.toLowerCase(),
          created: nowSeconds(),
          destination,
          livemode: context.livemode,
          metadata: metadataOf(context.params),
          reversed: false,
          source_transaction: text(context.params, 'source_transaction') ?? null,
          transfer_group: text(context.params, 'transfer_group') ?? null,
        }),
      };
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/transfers\/(tr_\w+)$/,
    handler: (context, id) => ({ body: findOwn(context, 'transfer', id) }),
  },
  {
    method: 'GET',
    path: /^\/v1\/transfers$/,
    handler: (context) => {
      const group = text(context.params, 'transfer_group');
      const destination = text(context.params, 'destination');
      const data = context.store.list(
        context.scope,
        'transfer',
        (transfer) => (group === undefined || transfer.transfer_group === group) && (destination === undefined || transfer.destination === destination),
      );
      return { body: listOf('/v1/transfers', data, context.params) };
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/refunds$/,
    handler: (context) => {
      const intentId = text(context.params, 'payment_intent');
      if (!intentId) throw missingParam('payment_intent');
      const intent = findIntent(context, intentId).object;
      if (intent.status !== 'succeeded') {
        throw new StripeApiError(400, 'invalid_request_error', `This PaymentIntent (${intentId}) does not have a successful charge to refund.`, {
          code: 'charge_not_refundable',
          param: 'payment_intent',
        });
      }
      const refunded = context.store.list(context.scope, 'refund', (refund) => refund.payment_intent === intentId).reduce((sum, refund) => sum + Number(refund.amount), 0);
      const left = Number(intent.amount_received) - refunded;
      const amount = text(context.params, 'amount') === undefined ? left : positiveAmount(context);
      if (amount > left || left === 0) {
        throw new StripeApiError(400, 'invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, {
          code: 'amount_too_large',
          param: 'amount',
        });
      }
      return {
        body: context.store.insert(context.scope, {
          id: newObjectId('re'),
          object: 'refund',
          amount,
          currency: intent.currency,
          charge: intent.latest_charge,
          created: nowSeconds(),
          metadata: metadataOf(context.params),
          payment_intent: intentId,
          reason: text(context.params, 'reason') ?? null,
          status: 'succeeded',
        }),
      };
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/refunds\/(re_\w+)$/,
    handler: (context, id) => ({ body: findOwn(context, 'refund', id) }),
  },
  {
    method: 'GET',
    path: /^\/v1\/refunds$/,
    handler: (context) => {
      const intentId = text(context.params, 'payment_intent');
      const data = context.store.list(context.scope, 'refund', (refund) => intentId === undefined || refund.payment_intent === intentId);
      return { body: listOf('/v1/refunds', data, context.params) };
    },
  },
];

module.exports = { moneyMovementRoutes };
