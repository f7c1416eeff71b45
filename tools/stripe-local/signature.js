'use strict';

const crypto = require('node:crypto');

/**
 * The `Stripe-Signature` header of an event delivery, as Stripe computes it
 * and `stripe.webhooks.constructEvent` verifies it: HMAC-SHA256 of
 * `<t>.<payload>` keyed with the endpoint secret (the whole `whsec_…` string).
 * @param {string} payload @param {string} secret @param {number} timestamp unix seconds
 */
function stripeSignatureHeader(payload, secret, timestamp) {
  const digest = crypto.createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

module.exports = { stripeSignatureHeader };
