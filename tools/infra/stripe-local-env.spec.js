'use strict';

const { keyOf } = require('../stripe-local/server');
const { localStripeEnv, stripeLocalServerEnv } = require('./stripe-local-env');

describe("the local Stripe-compatible server's settings", () => {
  it("gives the apps keys of both modes that reach the same local account per mode, and the server's address", () => {
    const env = localStripeEnv(12111);
    expect(env).toMatchObject({ STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '12111', STRIPE_API_PROTOCOL: 'http' });
    expect(keyOf(`Bearer ${env.STRIPE_TEST_SECRET_KEY}`)).toMatchObject({ livemode: false, publishable: false });
    expect(keyOf(`Bearer ${env.STRIPE_TEST_PUBLISHABLE_KEY}`)?.scope).toBe(keyOf(`Bearer ${env.STRIPE_TEST_SECRET_KEY}`)?.scope);
    expect(keyOf(`Bearer ${env.STRIPE_LIVE_SECRET_KEY}`)).toMatchObject({ livemode: true, publishable: false });
    expect(keyOf(`Bearer ${env.STRIPE_LIVE_PUBLISHABLE_KEY}`)?.scope).toBe(keyOf(`Bearer ${env.STRIPE_LIVE_SECRET_KEY}`)?.scope);
  });

  it('signs events with the very secrets the apps verify them with, and sends them to the gateway', () => {
    const server = stripeLocalServerEnv(12111, 'http://127.0.0.1:3000', '/data/stripe-local');
    const apps = localStripeEnv(12111);
    expect(server).toMatchObject({
      STRIPE_LOCAL_PORT: '12111',
      STRIPE_LOCAL_WEBHOOK_URL: 'http://127.0.0.1:3000/v1/stripe/webhook',
      STRIPE_LOCAL_DATA_FILE: '/data/stripe-local/state.json',
      STRIPE_TEST_WEBHOOK_SECRET: apps.STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_LIVE_WEBHOOK_SECRET: apps.STRIPE_LIVE_WEBHOOK_SECRET,
    });
    expect(apps.STRIPE_TEST_WEBHOOK_SECRET).not.toBe(apps.STRIPE_LIVE_WEBHOOK_SECRET);
  });
});
