import Stripe from 'stripe';
import type { Mode } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { PaymentServiceConfig } from '../config';

/** DI token of the payment processor port: handlers depend on it, never on how the SDK is set up. */
export const PAYMENT_PROCESSOR = Symbol('PAYMENT_PROCESSOR');

interface ModeKeys {
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
}

/**
 * The official `stripe` SDK, one client per mode: a test-mode request only
 * ever uses the test keys. Pointed at the local Stripe-compatible server by
 * host/port/protocol alone; with real keys and those unset, it talks to Stripe.
 */
export class PaymentProcessor {
  private readonly clients = new Map<Mode, Stripe>();
  private readonly keys: Record<Mode, ModeKeys>;
  /** The address a browser reaches the local server at; null with real Stripe. */
  readonly browserApiUrl: string | null;

  constructor(config: PaymentServiceConfig) {
    this.keys = {
      test: { secretKey: config.STRIPE_TEST_SECRET_KEY, publishableKey: config.STRIPE_TEST_PUBLISHABLE_KEY, webhookSecret: config.STRIPE_TEST_WEBHOOK_SECRET },
      live: { secretKey: config.STRIPE_LIVE_SECRET_KEY, publishableKey: config.STRIPE_LIVE_PUBLISHABLE_KEY, webhookSecret: config.STRIPE_LIVE_WEBHOOK_SECRET },
    };
    const local = config.STRIPE_API_HOST !== undefined;
    this.browserApiUrl = local ? (config.STRIPE_API_BROWSER_URL ?? `${config.STRIPE_API_PROTOCOL ?? 'https'}://${config.STRIPE_API_HOST}:${config.STRIPE_API_PORT ?? 443}`) : null;
    for (const mode of ['test', 'live'] as const) {
      const secretKey = this.keys[mode].secretKey;
      if (!secretKey) continue;
      this.clients.set(
        mode,
        new Stripe(secretKey, {
          ...(local ? { host: config.STRIPE_API_HOST, port: config.STRIPE_API_PORT, protocol: config.STRIPE_API_PROTOCOL } : {}),
          // The SDK adds an idempotency key of its own to retried POSTs; every money call here passes one derived from our ids.
          maxNetworkRetries: 2,
          timeout: 8000,
          telemetry: false,
        }),
      );
    }
  }

  /** The mode's client; 503 when the mode has no processor keys configured. */
  client(mode: Mode): Stripe {
    const client = this.clients.get(mode);
    if (!client) throw notConfigured(mode);
    return client;
  }

  publishableKey(mode: Mode): string {
    const key = this.keys[mode].publishableKey;
    if (!key) throw notConfigured(mode);
    return key;
  }

  /** The secrets processor events of each mode are signed with. */
  webhookSecrets(): Array<{ mode: Mode; secret: string }> {
    return (['test', 'live'] as const).flatMap((mode) => {
      const secret = this.keys[mode].webhookSecret;
      return secret ? [{ mode, secret }] : [];
    });
  }

  /** Verifies a processor event against the raw body (Stripe-Signature), with the secret of either mode. */
  verifyEvent(payload: string, signature: string): { event: Stripe.Event; mode: Mode } | undefined {
    for (const { mode, secret } of this.webhookSecrets()) {
      try {
        return { event: Stripe.webhooks.constructEvent(payload, signature, secret), mode };
      } catch {
        // Signed with the other mode's secret, or not by the processor at all.
      }
    }
    return undefined;
  }
}

function notConfigured(mode: Mode): AppError {
  return AppError.serviceUnavailable(`Payments in ${mode} mode are not configured yet. Retry later.`);
}

/** Builds the port from the app's configuration. */
export const paymentProcessorProvider = {
  provide: PAYMENT_PROCESSOR,
  inject: [APP_CONFIG],
  useFactory: (config: PaymentServiceConfig) => new PaymentProcessor(config),
};
