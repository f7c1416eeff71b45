'use strict';

const crypto = require('node:crypto');
const { cardByNumber, cardByPaymentMethod } = require('../cards');
const { StripeApiError, invalidRequest, missingParam, noSuchObject } = require('../errors');
const { metadataOf, nowSeconds, text } = require('../context');
const { newObjectId } = require('../store');

/**
 * @typedef {import('../context').Route} Route
 * @typedef {import('../context').RequestContext} RequestContext
 * @typedef {import('../store').StripeObject} StripeObject
 * @typedef {import('../cards').TestCard} TestCard
 */

/** @param {RequestContext} context @param {string} id */
function findIntent({ store, scope }, id) {
  const entry = store.find(scope, id);
  if (!entry || entry.object.object !== 'payment_intent') throw noSuchObject('payment_intent', id);
  return entry;
}

/**
 * A publishable key may read and confirm an intent only with its client
 * secret, as Stripe.js does; a secret key may do anything.
 * @param {RequestContext} context @param {StripeObject} intent
 */
function checkClientSecret(context, intent) {
  if (!context.publishable) return;
  const given = text(context.params, 'client_secret') ?? '';
  const expected = String(intent.client_secret);
  const same = given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  if (!same) throw noSuchObject('payment_intent', intent.id);
}

/** The string at a nested path of decoded parameters, if there is one. @param {unknown} value @param {...string} path @returns {string | undefined} */
function textAt(value, ...path) {
  const found = path.reduce((at, key) => (at && typeof at === 'object' && !Array.isArray(at) ? /** @type {Record<string, unknown>} */ (at)[key] : undefined), value);
  return typeof found === 'string' ? found : undefined;
}

/** The test card a confirm names, by test PaymentMethod id or by number. @param {RequestContext} context */
function cardOf({ params }) {
  const paymentMethod = text(params, 'payment_method');
  if (paymentMethod) {
    const card = cardByPaymentMethod(paymentMethod);
    if (!card) throw new StripeApiError(400, 'invalid_request_error', `No such PaymentMethod: '${paymentMethod}'`, { code: 'resource_missing', param: 'payment_method' });
    return card;
  }
  const number = textAt(params, 'payment_method_data', 'card', 'number');
  if (!number) throw missingParam('payment_method');
  const card = cardByNumber(number);
  if (!card) throw new StripeApiError(402, 'card_error', 'Your card number is incorrect.', { code: 'incorrect_number', param: 'number' });
  return card;
}

/** @param {TestCard} card @param {boolean} livemode */
function paymentMethodFor(card, livemode) {
  return { id: newObjectId('pm'), object: 'payment_method', type: 'card', card: { brand: card.brand, last4: card.last4 }, livemode };
}

/** @param {RequestContext} context @param {StripeObject} intent */
function succeed(context, intent) {
  Object.assign(intent, {
    status: 'succeeded',
    amount_received: intent.amount,
    latest_charge: newObjectId('ch'),
    last_payment_error: null,
    next_action: null,
  });
  context.store.changed();
  context.emit('payment_intent.succeeded', intent);
}

/** @param {RequestContext} context @param {StripeObject} intent @param {TestCard} card */
function decline(context, intent, card) {
  const error = {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
    payment_method: paymentMethodFor(card, context.livemode),
  };
  Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error, next_action: null });
  context.store.changed();
  context.emit('payment_intent.payment_failed', intent);
  throw new StripeApiError(402, 'card_error', error.message, { code: error.code, decline_code: error.decline_code, payment_intent: intent });
}

/** @param {RequestContext} context @param {StripeObject} intent */
function requireAction(context, intent) {
  const returnUrl = text(context.params, 'return_url') ?? null;
  Object.assign(intent, {
    status: 'requires_action',
    next_action: {
      type: 'redirect_to_url',
      redirect_to_url: { url: `${context.publicUrl}/3ds/${intent.id}?secret=${encodeURIComponent(String(intent.client_secret))}`, return_url: returnUrl },
    },
  });
  context.store.changed();
}

/** @type {Route[]} */
const paymentIntentRoutes = [
  {
    method: 'POST',
    path: /^\/v1\/payment_intents$/,
    handler: ({ store, scope, livemode, params }) => {
      const amount = Number(text(params, 'amount'));
      if (!Number.isInteger(amount) || amount < 50) throw invalidRequest('Amount must be at least 50 cents.', 'amount');
      const currency = text(params, 'currency');
      if (!currency) throw missingParam('currency');
      const id = newObjectId('pi');
      return {
        body: store.insert(scope, {
          id,
          object: 'payment_intent',
          amount,
          amount_received: 0,
          currency: currency.toLowerCase(),
          customer: text(params, 'customer') ?? null,
          client_secret: `${id}_secret_${newObjectId('s').slice(2)}`,
          created: nowSeconds(),
          description: text(params, 'description') ?? null,
          last_payment_error: null,
          latest_charge: null,
          livemode,
          metadata: metadataOf(params),
          next_action: null,
          payment_method_types: ['card'],
          receipt_email: text(params, 'receipt_email') ?? null,
          status: 'requires_payment_method',
          transfer_group: text(params, 'transfer_group') ?? null,
          canceled_at: null,
          cancellation_reason: null,
        }),
      };
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/payment_intents\/(pi_\w+)$/,
    publishable: true,
    handler: (context, id) => {
      const { object } = findIntent(context, id);
      checkClientSecret(context, object);
      return { body: object };
    },
  },
  {
    // Update, as Stripe allows it before the payment: amount, currency, description, metadata (merged).
    method: 'POST',
    path: /^\/v1\/payment_intents\/(pi_\w+)$/,
    handler: (context, id) => {
      const { object: intent } = findIntent(context, id);
      if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(String(intent.status))) {
        throw new StripeApiError(400, 'invalid_request_error', `This PaymentIntent's amount could not be updated because it has a status of ${intent.status}.`, {
          code: 'payment_intent_unexpected_state',
          payment_intent: intent,
        });
      }
      const { params } = context;
      const amountText = text(params, 'amount');
      if (amountText !== undefined) {
        const amount = Number(amountText);
        if (!Number.isInteger(amount) || amount < 50) throw invalidRequest('Amount must be at least 50 cents.', 'amount');
        intent.amount = amount;
      }
      const currency = text(params, 'currency');
      if (currency !== undefined) intent.currency = currency.toLowerCase();
      const description = text(params, 'description');
      if (description !== undefined) intent.description = description;
      if (params.metadata !== undefined) intent.metadata = { .../** @type {Record<string, string>} */ (intent.metadata), ...metadataOf(params) };
      context.store.changed();
      return { body: intent };
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/payment_intents\/(pi_\w+)\/confirm$/,
    publishable: true,
    handler: (context, id) => {
      const { object: intent } = findIntent(context, id);
      checkClientSecret(context, intent);
      if (!['requires_payment_method', 'requires_confirmation'].includes(String(intent.status))) {
        throw new StripeApiError(400, 'invalid_request_error', `This PaymentIntent's status is ${intent.status}; it cannot be confirmed.`, {
          code: 'payment_intent_unexpected_state',
          payment_intent: intent,
        });
      }
      const card = cardOf(context);
      if (card.outcome === 'declined') decline(context, intent, card);
      else if (card.outcome === 'authentication_required') requireAction(context, intent);
      else succeed(context, intent);
      return { body: intent };
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/payment_intents\/(pi_\w+)\/cancel$/,
    handler: (context, id) => {
      const { object: intent } = findIntent(context, id);
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        throw new StripeApiError(400, 'invalid_request_error', `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, {
          code: 'payment_intent_unexpected_state',
          payment_intent: intent,
        });
      }
      Object.assign(intent, { status: 'canceled', canceled_at: nowSeconds(), cancellation_reason: text(context.params, 'cancellation_reason') ?? null, next_action: null });
      context.store.changed();
      return { body: intent };
    },
  },
];

/**
 * The 3-D Secure step a `requires_action` intent sends the customer to:
 * completing it succeeds the payment, failing it leaves the intent payable.
 * @param {RequestContext} context @param {string} id @param {boolean} passed
 */
function settleAuthentication(context, id, passed) {
  const { object: intent } = findIntent(context, id);
  if (intent.status !== 'requires_action') return intent;
  if (passed) succeed(context, intent);
  else {
    Object.assign(intent, {
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'The customer did not complete 3-D Secure authentication.' },
    });
    context.store.changed();
    context.emit('payment_intent.payment_failed', intent);
  }
  return intent;
}

module.exports = { paymentIntentRoutes, findIntent, settleAuthentication };
