'use strict';

const path = require('node:path');
const { repoRoot } = require('./paths');

/**
 * How the apps reach the local Stripe-compatible server (tools/stripe-local)
 * when no processor keys are configured. The keys are fixed, not secret: the
 * local server accepts any key of the right form and moves no money; fixed
 * keys keep its saved objects reachable across restarts.
 * @param {number} port
 * @returns {NodeJS.ProcessEnv}
 */
function localStripeEnv(port) {
  return {
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(port),
    STRIPE_API_PROTOCOL: 'http',
    STRIPE_TEST_SECRET_KEY: 'sk_test_local',
    STRIPE_TEST_PUBLISHABLE_KEY: 'pk_test_local',
    STRIPE_TEST_WEBHOOK_SECRET: 'whsec_local_test',
    STRIPE_LIVE_SECRET_KEY: 'sk_live_local',
    STRIPE_LIVE_PUBLISHABLE_KEY: 'pk_live_local',
    STRIPE_LIVE_WEBHOOK_SECRET: 'whsec_local_live',
  };
}

/**
 * The local server's own settings: its port, where it keeps its objects, and
 * the gateway endpoint it sends processor events to, signed with the secrets
 * the apps verify them with.
 * @param {number} port
 * @param {string} gatewayUrl
 * @param {string} dataDir
 * @returns {NodeJS.ProcessEnv}
 */
function stripeLocalServerEnv(port, gatewayUrl, dataDir) {
  const keys = localStripeEnv(port);
  return {
    STRIPE_LOCAL_PORT: String(port),
    STRIPE_LOCAL_PUBLIC_URL: `http://localhost:${port}`,
    STRIPE_LOCAL_DATA_FILE: path.join(dataDir, 'state.json'),
    STRIPE_LOCAL_WEBHOOK_URL: `${gatewayUrl}/v1/stripe/webhook`,
    STRIPE_TEST_WEBHOOK_SECRET: keys.STRIPE_TEST_WEBHOOK_SECRET,
    STRIPE_LIVE_WEBHOOK_SECRET: keys.STRIPE_LIVE_WEBHOOK_SECRET,
  };
}

const STRIPE_LOCAL_SCRIPT = path.join(repoRoot, 'tools', 'stripe-local', 'main.js');

module.exports = { STRIPE_LOCAL_SCRIPT, localStripeEnv, stripeLocalServerEnv };
