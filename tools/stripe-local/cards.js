'use strict';

/**
 * What each of Stripe's test cards does on confirm: by number (a plain card
 * form) or by the test PaymentMethod ids the documentation lists.
 * @typedef {'succeeded' | 'declined' | 'authentication_required'} CardOutcome
 * @typedef {{ outcome: CardOutcome, brand: string, last4: string }} TestCard
 */

/** @type {Readonly<Record<string, TestCard>>} */
const BY_NUMBER = {
  4242424242424242: { outcome: 'succeeded', brand: 'visa', last4: '4242' },
  5555555555554444: { outcome: 'succeeded', brand: 'mastercard', last4: '4444' },
  4000000000000002: { outcome: 'declined', brand: 'visa', last4: '0002' },
  4000002760003184: { outcome: 'authentication_required', brand: 'visa', last4: '3184' },
};

/** @type {Readonly<Record<string, string>>} */
const PAYMENT_METHOD_CARDS = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_threeDSecure2Required: '4000002760003184',
};

/** @param {string} number @returns {TestCard | undefined} */
function cardByNumber(number) {
  return BY_NUMBER[number.replace(/[\s-]/g, '')];
}

/** @param {string} paymentMethod @returns {TestCard | undefined} */
function cardByPaymentMethod(paymentMethod) {
  const number = PAYMENT_METHOD_CARDS[paymentMethod];
  return number ? BY_NUMBER[number] : undefined;
}

module.exports = { cardByNumber, cardByPaymentMethod };
