import Stripe from 'stripe';
import { SameDay } from '@sameday/sdk';
import type { MerchantKeys, TestSystem } from './system';
import { waitFor } from './wait-for';

const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';

/**
 * The money path as a merchant walks it, for the payment tests: connect a
 * payment account, quote, check out, pay; and the local processor's own view
 * through the official SDK, to check what really moved.
 */
export class PaymentFlow {
  constructor(private readonly system: TestSystem) {}

  /**
   * A delivery as a merchant makes a paid one: quoted from 1 Queen St E (to
   * 290 Bremner Blvd unless `quoteExtra` says otherwise), checked out with a
   * 40.00 subtotal, paid by the customer, created with `body` (customer and
   * the rest). Its id.
   */
  async paidDelivery(key: string, mode: 'test' | 'live', body: Record<string, unknown>, quoteExtra: Record<string, unknown> = {}): Promise<string> {
    const quote = await this.post(key, '/v1/quotes', { pickup_address: PICKUP, dropoff_address: DROPOFF, ...quoteExtra });
    if (quote.status !== 200) throw new Error(`quote answered ${quote.status}: ${JSON.stringify(quote.body)}`);
    const checkout = await this.checkout(key, { quote_id: quote.body.id, items_subtotal: 4000 });
    await this.payAsCustomer(key, mode, checkout);
    const created = await this.post(key, '/v1/deliveries', { quote_id: quote.body.id, checkout_id: checkout.checkout_id, ...body });
    if (created.status !== 201 || created.body.status !== 'created') throw new Error(`delivery creation answered ${created.status}: ${JSON.stringify(created.body)}`);
    return created.body.id as string;
  }

  /**
   * A test delivery paid by card through the test helper (a 25.00 subtotal)
   * and moved to delivered: the transfer to the merchant is owed. Its id.
   */
  async deliveredTestDelivery(key: string, customer: Record<string, unknown>): Promise<string> {
    const answered = (what: string, response: { status: number; body: unknown }) => new Error(`${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
    const quote = await this.quote(key);
    const checkout = await this.checkout(key, { quote_id: quote.id, items_subtotal: 2500 });
    const paid = await this.system.request('POST', `/v1/test_helpers/checkouts/${checkout.checkout_id as string}/pay`, { key, body: { card: '4242 4242 4242 4242' } });
    if (paid.status !== 200 || paid.body.status !== 'paid') throw answered('pay', paid);
    const created = await this.post(key, '/v1/deliveries', { quote_id: quote.id, checkout_id: checkout.checkout_id, customer });
    if (created.status !== 201) throw answered('delivery creation', created);
    const deliveryId = created.body.id as string;
    for (const to of ['pending', 'driver_assigned', 'picked_up', 'in_transit', 'delivered']) {
      const moved = await this.system.request('POST', `/v1/test_helpers/deliveries/${deliveryId}/advance`, { key, body: { to } });
      if (moved.status !== 200 || moved.body.status !== to) throw answered(`advance to ${to}`, moved);
    }
    return deliveryId;
  }

  /** The processor as payment-service sees it in `mode` (the local server, with that mode's fixed key). */
  processor(mode: 'test' | 'live'): Stripe {
    const url = new URL(this.system.stripeUrl);
    return new Stripe(mode === 'test' ? 'sk_test_local' : 'sk_live_local', { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
  }

  /** A new merchant whose live key is connected for payments, as the live matching tests start: its keys, and where its pickup (1 Queen St E) lies. */
  async liveMerchant(businessName: string): Promise<{ keys: MerchantKeys; pickup: { lat: number; lng: number } }> {
    const keys = await this.system.registerMerchant(businessName);
    await this.connect(keys.live);
    return { keys, pickup: (await this.quote(keys.live)).pickup };
  }

  /** POST /v1/merchants/connect, completes onboarding on the processor's page, waits until GET /v1/merchants/me says connected. */
  async connect(key: string): Promise<string> {
    const link = await this.system.request('POST', '/v1/merchants/connect', { key });
    if (link.status !== 200) throw new Error(`connect answered ${link.status}: ${JSON.stringify(link.body)}`);
    const url = link.body.url as string;
    const completed = await fetch(url, { method: 'POST', redirect: 'manual' });
    if (completed.status >= 400) throw new Error(`onboarding answered ${completed.status}`);
    await waitFor(
      async () => {
        const me = await this.system.request('GET', '/v1/merchants/me', { key });
        return (me.body.connect as { status: string }).status === 'connected' ? true : undefined;
      },
      20_000,
      100,
    );
    return url;
  }

  /** `pickup`: where the geocoder put the pickup (drivers are placed around it). */
  async quote(key: string): Promise<{ id: string; fee: number; pickup: { lat: number; lng: number } }> {
    const quote = await this.post(key, '/v1/quotes', { pickup_address: PICKUP, dropoff_address: DROPOFF });
    if (quote.status !== 200) throw new Error(`quote answered ${quote.status}: ${JSON.stringify(quote.body)}`);
    const pickup = quote.body.pickup as { lat: number; lng: number };
    return { id: quote.body.id as string, fee: quote.body.fee as number, pickup: { lat: pickup.lat, lng: pickup.lng } };
  }

  async checkout(key: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const created = await this.post(key, '/v1/checkouts', body);
    if (created.status !== 201) throw new Error(`checkout answered ${created.status}: ${JSON.stringify(created.body)}`);
    return created.body;
  }

  /**
   * A creation as a merchant's integration sends it, through the SDK: with an
   * Idempotency-Key, and tried again after its Retry-After on a 503 or a 409
   * `idempotency_key_in_use` (docs/api.md, "SDK"). On a loaded machine a
   * creation can outlast the gateway's 1.5 s bus wait; these steps set a test
   * up, and the refusal is not what it checks.
   */
  private async post(
    key: string,
    path: '/v1/quotes' | '/v1/checkouts' | '/v1/deliveries',
    body: Record<string, unknown>,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const { data, error, response } = await new SameDay({ apiKey: key, baseUrl: this.system.baseUrl }).api.POST(path, { body: body as never });
    return { status: response.status, body: (data ?? error) as Record<string, unknown> };
  }

  /** Pays as the customer's browser would: the payment method confirmed on the processor, then GET until the checkout says paid. */
  async payAsCustomer(key: string, mode: 'test' | 'live', checkout: Record<string, unknown>): Promise<void> {
    await this.processor(mode).paymentIntents.confirm(checkout.payment_intent_id as string, { payment_method: 'pm_card_visa' });
    await waitFor(
      async () => {
        const current = await this.system.request('GET', `/v1/checkouts/${checkout.checkout_id as string}`, { key });
        return current.body.status === 'paid' ? true : undefined;
      },
      20_000,
      100,
    );
  }
}
