'use strict';

const http = require('node:http');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const Stripe = require('stripe');
const { StripeLocal } = require('./server');

/**
 * The official SDK, pointed at the local server by host/port/protocol only,
 * against every call payment-service makes.
 */
const TEST_SECRET = 'whsec_local_test_1';
const LIVE_SECRET = 'whsec_local_live_1';

/** @param {() => boolean} condition @param {number} [timeoutMs] */
async function waitFor(condition, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('stripe-local through the official stripe SDK', () => {
  /** @type {StripeLocal} */
  let server;
  /** @type {http.Server} */
  let receiver;
  /** @type {Array<{ body: string, signature: string }>} */
  const received = [];
  let failNext = 0;
  /** @type {string} */
  let baseUrl;
  /** @type {string} */
  let dataFile;
  /** @param {string} key */
  let sdk = (key) => new Stripe(key);

  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        if (failNext > 0) {
          failNext -= 1;
          response.writeHead(500).end();
          return;
        }
        received.push({ body, signature: String(request.headers['stripe-signature']) });
        response.writeHead(200).end('{}');
      });
    });
    await new Promise((resolve) => receiver.listen(0, '127.0.0.1', () => resolve(undefined)));
    const receiverPort = /** @type {import('node:net').AddressInfo} */ (receiver.address()).port;
    dataFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stripe-local-')), 'state.json');
    server = new StripeLocal({
      dataFile,
      publicUrl: 'http://127.0.0.1:0',
      webhook: { url: `http://127.0.0.1:${receiverPort}/v1/stripe/webhook`, secrets: { test: TEST_SECRET, live: LIVE_SECRET } },
      log: () => undefined,
    });
    const port = await server.listen(0);
    baseUrl = `http://127.0.0.1:${port}`;
    server.publicUrl = baseUrl;
    sdk = (key) => new Stripe(key, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  });

  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => receiver.close(() => resolve(undefined)));
  });

  /** The events received so far of a type, verified as payment-service verifies them. @param {string} type @param {string} secret */
  const eventsOf = (type, secret) =>
    received
      .map(({ body, signature }) => {
        try {
          return sdk('sk_test_x').webhooks.constructEvent(body, signature, secret);
        } catch {
          return undefined;
        }
      })
      .filter((event) => event?.type === type);

  it('creates customers and finds them by email, per account', async () => {
    const stripe = sdk('sk_test_local_a');
    const customer = await stripe.customers.create({ email: 'ada@example.ca', name: 'Ada' });
    expect(customer).toMatchObject({ object: 'customer', email: 'ada@example.ca', livemode: false });
    expect(customer.id).toMatch(/^cus_/);
    const found = await stripe.customers.search({ query: "email:'ada@example.ca'" });
    expect(found.data.map((c) => c.id)).toEqual([customer.id]);
    expect((await sdk('sk_test_local_b').customers.search({ query: "email:'ada@example.ca'" })).data).toEqual([]);
    await expect(sdk('sk_live_local_a').customers.retrieve(customer.id)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('pays with 4242, declines 4000…0002 and leaves the intent payable, signs both events', async () => {
    const stripe = sdk('sk_test_local_a');
    const intent = await stripe.paymentIntents.create({ amount: 2599, currency: 'cad', transfer_group: 'chk_1', metadata: { checkout: 'chk_1' }, receipt_email: 'ada@example.ca' });
    expect(intent).toMatchObject({ status: 'requires_payment_method', amount: 2599, currency: 'cad', transfer_group: 'chk_1', metadata: { checkout: 'chk_1' } });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
    const declined = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }).catch((error) => error);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
    const paid = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 2599 });
    await waitFor(() => eventsOf('payment_intent.succeeded', TEST_SECRET).length > 0 && eventsOf('payment_intent.payment_failed', TEST_SECRET).length > 0);
    const [succeeded] = eventsOf('payment_intent.succeeded', TEST_SECRET);
    expect(succeeded).toMatchObject({ livemode: false, data: { object: { id: intent.id, status: 'succeeded' } } });
    expect(eventsOf('payment_intent.succeeded', LIVE_SECRET)).toEqual([]);
  });

  it('updates an intent before payment (amount, currency, metadata merged) and refuses once it succeeded', async () => {
    const stripe = sdk('sk_test_local_a');
    const intent = await stripe.paymentIntents.create({ amount: 2599, currency: 'cad', metadata: { checkout_id: 'chk_1' } });
    const updated = await stripe.paymentIntents.update(intent.id, { amount: 100, currency: 'USD', metadata: { note: 'changed' } });
    expect(updated).toMatchObject({ id: intent.id, amount: 100, currency: 'usd', metadata: { checkout_id: 'chk_1', note: 'changed' } });
    await expect(stripe.paymentIntents.update(intent.id, { amount: 10 })).rejects.toMatchObject({ statusCode: 400, param: 'amount' });
    expect(await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' })).toMatchObject({ status: 'succeeded', amount_received: 100 });
    await expect(stripe.paymentIntents.update(intent.id, { amount: 2599 })).rejects.toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
  });

  it('asks for 3-D Secure with 4000 0027 6000 3184 and succeeds once the page is completed', async () => {
    const stripe = sdk('sk_test_local_a');
    const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'cad' });
    const form = `payment_method_data[type]=card&payment_method_data[card][number]=4000002760003184&client_secret=${intent.client_secret}&return_url=${encodeURIComponent('https://shop.example/back')}`;
    const confirm = await fetch(`${baseUrl}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: { authorization: 'Bearer pk_test_local_a', 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    const pending = /** @type {{ status: string, next_action: { redirect_to_url: { url: string } } }} */ (await confirm.json());
    expect(pending.status).toBe('requires_action');
    const page = await fetch(pending.next_action.redirect_to_url.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Complete authentication');
    const done = await fetch(`${baseUrl}/3ds/${intent.id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `secret=${intent.client_secret}&outcome=complete`,
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`https://shop.example/back?payment_intent=${intent.id}`);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
    const wrongSecret = await fetch(`${baseUrl}/v1/payment_intents/${intent.id}?client_secret=pi_x_secret_y`, { headers: { authorization: 'Bearer pk_test_local_a' } });
    expect(wrongSecret.status).toBe(404);
    const secretOnly = await fetch(`${baseUrl}/v1/customers`, { method: 'POST', headers: { authorization: 'Bearer pk_test_local_a' } });
    expect(secretOnly.status).toBe(401);
  });

  it("takes a browser's confirmation as Stripe.js sends it: the publishable key as the form field `key`, readable cross-origin", async () => {
    const stripe = sdk('sk_test_local_a');
    const intent = await stripe.paymentIntents.create({ amount: 1200, currency: 'cad' });
    const preflight = await fetch(`${baseUrl}/v1/payment_intents/${intent.id}/confirm`, { method: 'OPTIONS' });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([204, '*']);
    const confirm = await fetch(`${baseUrl}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `key=pk_test_local_a&client_secret=${intent.client_secret}&payment_method_data[type]=card&payment_method_data[card][number]=4242424242424242`,
    });
    expect(confirm.headers.get('access-control-allow-origin')).toBe('*');
    expect(/** @type {{ status: string }} */ (await confirm.json()).status).toBe('succeeded');
    const secretRouteWithFormKey = await fetch(`${baseUrl}/v1/customers`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'key=pk_test_local_a&email=x@example.ca',
    });
    expect(secretRouteWithFormKey.status).toBe(401);
  });

  it('replays an Idempotency-Key with the same parameters and refuses it with others', async () => {
    const stripe = sdk('sk_test_local_a');
    const first = await stripe.paymentIntents.create({ amount: 700, currency: 'cad' }, { idempotencyKey: 'chk_42' });
    const again = await stripe.paymentIntents.create({ amount: 700, currency: 'cad' }, { idempotencyKey: 'chk_42' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(stripe.paymentIntents.create({ amount: 800, currency: 'cad' }, { idempotencyKey: 'chk_42' })).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    const otherAccount = await sdk('sk_test_local_b').paymentIntents.create({ amount: 700, currency: 'cad' }, { idempotencyKey: 'chk_42' });
    expect(otherAccount.id).not.toBe(first.id);
  });

  it('makes ephemeral keys only for a named Stripe-Version', async () => {
    const stripe = sdk('sk_test_local_a');
    const customer = await stripe.customers.create({ email: 'eph@example.ca' });
    const key = await stripe.ephemeralKeys.create({ customer: customer.id }, { apiVersion: '2024-06-20' });
    expect(key).toMatchObject({ object: 'ephemeral_key', associated_objects: [{ id: customer.id, type: 'customer' }] });
    expect(key.secret).toMatch(/^ek_test_/);
    const refused = await fetch(`${baseUrl}/v1/ephemeral_keys`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_local_a', 'content-type': 'application/x-www-form-urlencoded' },
      body: `customer=${customer.id}`,
    });
    expect(refused.status).toBe(400);
  });

  it('onboards a connected account through its link, sends account.updated signed with the live secret, then transfers and refunds', async () => {
    const stripe = sdk('sk_live_local_a');
    const account = await stripe.accounts.create({ type: 'express', country: 'CA', email: 'shop@example.ca' });
    expect(account).toMatchObject({ charges_enabled: false, payouts_enabled: false, livemode: true });
    await expect(stripe.transfers.create({ amount: 100, currency: 'cad', destination: account.id })).rejects.toMatchObject({ statusCode: 400, param: 'destination' });
    const link = await stripe.accountLinks.create({
      account: account.id,
      refresh_url: 'https://api.example/refresh',
      return_url: 'https://api.example/return',
      type: 'account_onboarding',
    });
    expect(link.object).toBe('account_link');
    expect(await (await fetch(link.url)).text()).toContain('Complete onboarding');
    const completed = await fetch(link.url, { method: 'POST', redirect: 'manual' });
    expect(completed.headers.get('location')).toBe('https://api.example/return');
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({ charges_enabled: true, payouts_enabled: true, details_submitted: true });
    await waitFor(() => eventsOf('account.updated', LIVE_SECRET).length > 0);
    expect(eventsOf('account.updated', LIVE_SECRET)[0]).toMatchObject({ account: account.id, livemode: true });

    const intent = await stripe.paymentIntents.create({ amount: 3000, currency: 'cad', transfer_group: 'chk_9' });
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    const transfer = await stripe.transfers.create({ amount: 1800, currency: 'cad', destination: account.id, transfer_group: 'chk_9' }, { idempotencyKey: 'transfer-del_1' });
    const twice = await stripe.transfers.create({ amount: 1800, currency: 'cad', destination: account.id, transfer_group: 'chk_9' }, { idempotencyKey: 'transfer-del_1' });
    expect(twice.id).toBe(transfer.id);
    expect((await stripe.transfers.list({ transfer_group: 'chk_9' })).data.map((t) => t.id)).toEqual([transfer.id]);
    const partial = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
    expect(partial).toMatchObject({ object: 'refund', amount: 1000, status: 'succeeded' });
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(2000);
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 1 })).rejects.toMatchObject({ code: 'amount_too_large' });
    expect((await stripe.refunds.list({ payment_intent: intent.id })).data).toHaveLength(2);
  });

  it('sends an event again until the endpoint answers 2xx', async () => {
    failNext = 1;
    const before = received.length;
    const stripe = sdk('sk_test_local_a');
    const intent = await stripe.paymentIntents.create({ amount: 500, currency: 'cad' });
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    await waitFor(() => received.slice(before).some(({ body }) => body.includes(intent.id)), 8000);
    expect(failNext).toBe(0);
  });

  it('keeps its objects across a restart', async () => {
    const customer = await sdk('sk_test_local_a').customers.create({ email: 'kept@example.ca' });
    server.store.flush();
    const again = new StripeLocal({ dataFile, publicUrl: baseUrl, webhook: { url: undefined, secrets: { test: undefined, live: undefined } }, log: () => undefined });
    expect(again.store.find('test_local_a', customer.id)?.object).toMatchObject({ email: 'kept@example.ca' });
    await again.close();
  });
});
