'use strict';

/**
 * The two pages a customer or merchant visits on Stripe's side: the 3-D
 * Secure challenge and Connect onboarding. Plain HTML forms, no script.
 */

/** @param {string} value */
const escape = (value) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** @param {string} title @param {string} body */
function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font-size:1rem;padding:.6rem 1rem;margin:.3rem}</style>
</head><body><p><small>Local Stripe-compatible server — development and tests only</small></p>${body}</body></html>`;
}

/** @param {string} intentId @param {string} secret @param {number} amount @param {string} currency */
function authenticationPage(intentId, secret, amount, currency) {
  return page(
    '3-D Secure',
    `<h1>Confirm your payment</h1><p>Your bank asks you to confirm a payment of ${(amount / 100).toFixed(2)} ${escape(currency.toUpperCase())}.</p>
<form method="post" action="/3ds/${escape(intentId)}"><input type="hidden" name="secret" value="${escape(secret)}">
<button name="outcome" value="complete" id="complete">Complete authentication</button>
<button name="outcome" value="fail" id="fail">Fail authentication</button></form>`,
  );
}

/** @param {string} token @param {string} accountId */
function onboardingPage(token, accountId) {
  return page(
    'Connect onboarding',
    `<h1>Set up payouts</h1><p>Account ${escape(accountId)} will be able to take charges and receive payouts.</p>
<form method="post" action="/onboarding/${escape(token)}"><button id="complete">Complete onboarding</button></form>`,
  );
}

/** @param {string} text */
const messagePage = (text) => page('Done', `<p>${escape(text)}</p>`);

module.exports = { authenticationPage, messagePage, onboardingPage };
