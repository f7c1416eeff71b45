/**
 * The hosted payment page behind `checkout_url`: one self-contained document
 * that reads its checkout's state from its own JSON. With real Stripe keys it
 * mounts Stripe's Payment Element (cards, wallets, 3-D Secure); against the
 * local Stripe-compatible server it shows a plain card form that confirms
 * the PaymentIntent with the publishable key, as Stripe.js does. After the
 * processor answers, the page asks the gateway to record the outcome, then
 * sends the customer to success_url.
 */
export const CHECKOUT_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Checkout</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f7f9; color: #1d2433; }
  main { max-width: 460px; margin: 0 auto; padding: 24px 16px; }
  h1 { font-size: 1.3rem; margin: 0 0 12px; }
  table { width: 100%; border-collapse: collapse; margin: 12px 0 20px; }
  td { padding: 4px 0; } td.amount { text-align: right; } tr.total td { font-weight: 600; border-top: 1px solid #cbd5e0; padding-top: 8px; }
  label { display: block; margin: 10px 0 4px; font-size: .9rem; }
  input { width: 100%; box-sizing: border-box; padding: 8px; font-size: 1rem; border: 1px solid #cbd5e0; border-radius: 6px; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  button { margin-top: 16px; width: 100%; padding: 10px; font-size: 1rem; border: 0; border-radius: 6px; background: #2b6cb0; color: #fff; }
  button:disabled { background: #a0aec0; }
  .error { color: #c53030; margin-top: 12px; } .notice { margin-top: 12px; }
  a.cancel { display: block; margin-top: 12px; text-align: center; color: #4a5568; }
</style>
</head>
<body>
<main>
  <h1 id="merchant">Checkout</h1>
  <table id="breakdown" hidden>
    <tr><td>Items</td><td class="amount" id="items"></td></tr>
    <tr><td>Delivery</td><td class="amount" id="delivery"></td></tr>
    <tr class="total"><td>Total</td><td class="amount" id="total"></td></tr>
  </table>
  <form id="card-form" hidden>
    <label for="card-number">Card number</label>
    <input id="card-number" name="number" inputmode="numeric" autocomplete="cc-number" required>
    <div class="row">
      <div><label for="card-expiry">Expiry (MM/YY)</label><input id="card-expiry" name="expiry" autocomplete="cc-exp" required></div>
      <div><label for="card-cvc">CVC</label><input id="card-cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></div>
    </div>
    <button id="pay" type="submit">Pay</button>
  </form>
  <form id="element-form" hidden><div id="payment-element"></div><button id="pay-element" type="submit">Pay</button></form>
  <div class="error" id="error" role="alert"></div>
  <div class="notice" id="notice"></div>
  <a class="cancel" id="cancel" hidden>Cancel and return</a>
</main>
<script>
(function () {
  var base = location.pathname.replace(/\\/$/, '');
  var state;
  var $ = function (id) { return document.getElementById(id); };
  function money(cents, currency) { return (cents / 100).toFixed(2) + ' ' + currency.toUpperCase(); }
  function show(text, id) { $(id || 'error').textContent = text; }
  function post(path) { return fetch(base + path, { method: 'POST' }).then(function (r) { return r.json(); }); }
  function settled(s) {
    state = s;
    if (s.status === 'paid' || s.status === 'used') {
      $('card-form').hidden = true; $('element-form').hidden = true; $('cancel').hidden = true;
      show('', 'error'); show('Payment received. Thank you!', 'notice');
      if (s.success_url) location.assign(s.success_url);
      return true;
    }
    if (s.status !== 'open' && s.status !== 'failed') {
      $('card-form').hidden = true; $('element-form').hidden = true;
      show('This checkout is ' + s.status + ': it can no longer be paid.', 'notice');
      return true;
    }
    return false;
  }
  function render(s) {
    $('merchant').textContent = 'Pay ' + s.business_name;
    $('items').textContent = money(s.items_subtotal, s.currency);
    $('delivery').textContent = money(s.delivery_fee, s.currency);
    $('total').textContent = money(s.amount, s.currency);
    $('breakdown').hidden = false;
    if (s.cancel_url) { $('cancel').href = s.cancel_url; $('cancel').hidden = false; }
    if (settled(s)) return;
    if (s.processor_url) { $('card-form').hidden = false; return; }
    var script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3/';
    script.onload = function () { mountElement(s); };
    document.head.appendChild(script);
  }
  function mountElement(s) {
    var stripe = window.Stripe(s.publishable_key);
    var elements = stripe.elements({ clientSecret: s.client_secret });
    elements.create('payment').mount('#payment-element');
    $('element-form').hidden = false;
    $('element-form').addEventListener('submit', function (event) {
      event.preventDefault();
      $('pay-element').disabled = true;
      stripe.confirmPayment({ elements: elements, confirmParams: { return_url: location.origin + base } }).then(function (result) {
        if (result.error) { show(result.error.message); $('pay-element').disabled = false; }
      });
    });
  }
  $('card-form').addEventListener('submit', function (event) {
    event.preventDefault();
    show(''); $('pay').disabled = true;
    var expiry = $('card-expiry').value.split('/');
    var form = new URLSearchParams({
      key: state.publishable_key,
      client_secret: state.client_secret,
      return_url: location.origin + base,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': $('card-number').value.replace(/\\s+/g, ''),
      'payment_method_data[card][exp_month]': (expiry[0] || '').trim(),
      'payment_method_data[card][exp_year]': (expiry[1] || '').trim(),
      'payment_method_data[card][cvc]': $('card-cvc').value.trim()
    });
    fetch(state.processor_url + '/v1/payment_intents/' + encodeURIComponent(state.payment_intent_id) + '/confirm', { method: 'POST', body: form })
      .then(function (r) { return r.json(); })
      .then(function (intent) {
        if (intent.error) {
          show(intent.error.message || 'Your card was declined.');
          $('pay').disabled = false;
          return post('/refresh').then(settled);
        }
        if (intent.status === 'requires_action' && intent.next_action && intent.next_action.redirect_to_url) {
          location.assign(intent.next_action.redirect_to_url.url);
          return;
        }
        return post('/refresh').then(function (s) { if (!settled(s)) { $('pay').disabled = false; } });
      })
      .catch(function () { show('The payment could not be sent. Try again.'); $('pay').disabled = false; });
  });
  post('/refresh').then(render, function () { show('This checkout could not be loaded.'); });
})();
</script>
</body>
</html>
`;
