import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { EVENT_TYPES, ServiceName } from '@sdd/contracts';
import { eventsDoc, EventTypeResource } from '@sdd/public-api';
import { MerchantKeys, PaymentFlow, repoRoot, TestSystem, waitFor } from '@sdd/testing';

const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';
/** The same postal code as DROPOFF, so the same point: a reroute at the same fee. */
const NEXT_DOOR = '300 Bremner Blvd, Toronto, ON M5V 3L9';
const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142' };

interface Envelope {
  id: string;
  type: string;
  data: unknown;
}

describe('the event catalog: GET /v1/event_types and docs/events.md, checked against real events', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  let keys: MerchantKeys;

  const call = (method: string, path: string, body?: unknown) => system.request(method, path, { key: keys.test, body });

  async function quote(extra: Record<string, unknown> = {}): Promise<string> {
    const answered = await call('POST', '/v1/quotes', { pickup_address: PICKUP, dropoff_address: DROPOFF, ...extra });
    expect(answered.status).toBe(200);
    return answered.body.id as string;
  }

  async function delivery(body: Record<string, unknown>): Promise<string> {
    const created = await call('POST', '/v1/deliveries', { customer, ...body });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  /** A day ahead: its timeline has not started, so it can be rerouted and cancelled. */
  const scheduledQuote = () => quote({ scheduled_at: new Date(Date.now() + 86400_000).toISOString() });

  /** The events of these deliveries as the log keeps them (the bytes webhooks carry), once every type of the contracts is among them. */
  async function eventsOfEveryType(deliveryIds: string[]): Promise<Map<string, Envelope>> {
    return waitFor(
      async () => {
        const byType = new Map<string, Envelope>();
        for (const deliveryId of deliveryIds) {
          const listed = await call('GET', `/v1/events?delivery_id=${deliveryId}&limit=100`);
          for (const event of listed.body.data as Envelope[]) byType.set(event.type, event);
        }
        return EVENT_TYPES.every((type) => byType.has(type)) ? byType : undefined;
      },
      30_000,
      200,
    );
  }

  beforeAll(async () => {
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Webhook, ServiceName.Payment],
      // A test timeline of 80 s in under a second; refunds made at once.
      env: { RATE_LIMIT_PER_MINUTE: '100000', TIMELINE_SPEED: '100', MONEY_MOVEMENT_INTERVAL_MS: '200' },
    });
    keys = await system.registerMerchant('Event Catalog Co');
    await flow.connect(keys.test);
  }, 90000);
  afterAll(() => system.stop());

  it('needs an API key', async () => {
    const anonymous = await system.request('GET', '/v1/event_types');
    expect(anonymous.status).toBe(401);
  });

  it('lists every event type of the contract; each data_schema validates a real event of its type, and refuses the data of another schema', async () => {
    const answered = await call('GET', '/v1/event_types');
    expect(answered.status).toBe(200);
    const catalog = answered.body.data as EventTypeResource[];
    expect(catalog.map(({ type }) => type)).toEqual(EVENT_TYPES);
    for (const { description } of catalog) expect(description).toMatch(/\w{3,}.*\./);

    // The schemas are the OpenAPI document's, which EventEnvelope's data names.
    const document = (await system.request('GET', '/v1/openapi.json')).body as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
    for (const { data_schema, data_schema_ref } of catalog) {
      const component = document.components.schemas[data_schema_ref.replace('#/components/schemas/', '')];
      expect(Object.keys(data_schema.properties as object)).toEqual(Object.keys(component.properties ?? {}));
    }

    const delivered = await delivery({ quote_id: await quote() });
    const failed = await delivery({ quote_id: await quote(), test_scenario: 'recipient_unavailable' });
    const returned = await delivery({ quote_id: await quote(), test_scenario: 'return_to_pickup' });
    const declined = await delivery({ quote_id: await quote(), test_scenario: 'reroute_declined' });
    const rerouted = await delivery({ quote_id: await scheduledQuote() });
    const reroute = await call('POST', `/v1/deliveries/${rerouted}/reroute`, { dropoff_address: NEXT_DOOR });
    expect(reroute.status).toBe(200);
    expect((await call('POST', `/v1/deliveries/${rerouted}/cancel`)).status).toBe(200);
    // A paid test delivery, cancelled: its payment is refunded (delivery.refunded).
    const paidQuote = await scheduledQuote();
    const checkout = await flow.checkout(keys.test, { quote_id: paidQuote, items_subtotal: 2500 });
    await flow.payAsCustomer(keys.test, 'test', checkout);
    const refunded = await delivery({ quote_id: paidQuote, checkout_id: checkout.checkout_id });
    expect((await call('POST', `/v1/deliveries/${refunded}/cancel`)).status).toBe(200);

    const events = await eventsOfEveryType([delivered, failed, returned, declined, rerouted, refunded]);
    const ajv = new Ajv({ allErrors: true, strict: true });
    addFormats(ajv);
    const validators = new Map<string, ValidateFunction>(catalog.map(({ type, data_schema }) => [type, ajv.compile(data_schema)]));
    /** 'valid', or why not. */
    const judged = (type: string, data: unknown): string => {
      const validate = validators.get(type);
      if (!validate) throw new Error(`no schema for ${type}`);
      return validate(data) ? 'valid' : ajv.errorsText(validate.errors);
    };
    const dataOf = (type: string): unknown => events.get(type)?.data;
    for (const type of EVENT_TYPES) expect([type, judged(type, dataOf(type))]).toEqual([type, 'valid']);
    // Each schema is exact: a delivered event's data (with delivered_at) is not a created one's, nor the other way round.
    expect(judged('delivery.created', dataOf('delivery.delivered'))).toContain('must NOT have additional properties');
    expect(judged('delivery.delivered', dataOf('delivery.created'))).toContain("must have required property 'delivered_at'");
  }, 120000);

  it('docs/events.md is the catalog as served: regenerate it when this fails', async () => {
    const catalog = (await call('GET', '/v1/event_types')).body.data as EventTypeResource[];
    expect(readFileSync(join(repoRoot(), 'docs', 'events.md'), 'utf8')).toBe(eventsDoc(catalog));
  });
});
