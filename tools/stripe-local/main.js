'use strict';

const path = require('node:path');
const { StripeLocal } = require('./server');

/**
 * `node tools/stripe-local/main.js`: the local Stripe-compatible server on
 * STRIPE_LOCAL_PORT, started by `npm start` and the tests when no processor
 * keys are configured. Never in production: it moves no money.
 */
async function main() {
  if (process.env.NODE_ENV === 'production') {
    process.stderr.write('stripe-local is a development and test stand-in for Stripe; it refuses to run with NODE_ENV=production.\n');
    process.exit(1);
  }
  const port = Number(process.env.STRIPE_LOCAL_PORT ?? 12111);
  const publicUrl = process.env.STRIPE_LOCAL_PUBLIC_URL ?? `http://localhost:${port}`;
  const stripe = new StripeLocal({
    dataFile: process.env.STRIPE_LOCAL_DATA_FILE ?? path.join(__dirname, '..', '..', '.data', 'stripe-local', 'state.json'),
    publicUrl,
    webhook: {
      url: process.env.STRIPE_LOCAL_WEBHOOK_URL,
      secrets: { test: process.env.STRIPE_TEST_WEBHOOK_SECRET, live: process.env.STRIPE_LIVE_WEBHOOK_SECRET },
    },
  });
  const bound = await stripe.listen(port, process.env.STRIPE_LOCAL_HOST ?? '127.0.0.1');
  process.stdout.write(`stripe-local: listening on ${publicUrl.replace(String(port), String(bound))}\n`);
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.once(signal, () => {
      stripe.close().then(() => process.exit(0));
    });
  }
}

main().catch((error) => {
  process.stderr.write(`stripe-local: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
