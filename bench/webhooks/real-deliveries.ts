import { Client } from 'pg';
import { EVENT_TYPES } from '@sdd/contracts';
import { BenchSystem, cpuMsPer, cpuSeconds, log, pool, registerMerchant, sleep } from '../bench-system';
import { SignedReceiver } from './signed-receiver.client';
import { TallyReport } from './webhook-tally';

/** The receiver's group of the merchant's endpoints: paths /deliveries/0 … /deliveries/15. */
export const DELIVERIES_GROUP = '/deliveries';
const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';
/** The test timeline's length at speed 1 (docs/api.md, test deliveries). */
const TIMELINE_MS = 80_000;
const POLL_MS = 200;
/** A creation the gateway shed (503 at capacity) is sent again after this, as a client would; a busy shared machine sheds some. */
const SHED_RETRY_MS = 250;
const SHED_RETRIES = 20;

export interface RealDeliveriesResult {
  deliveries: number;
  clients: number;
  endpoints: number;
  /** Delivery events written (the outbox), and webhooks expected: each event to each endpoint. */
  events: number;
  expected: number;
  received: TallyReport;
  /** From the first creation to the last webhook received. */
  seconds: number;
  perSecond: number;
  /** CPU per webhook received, ms: each app, the receiver, the bench's clients, Postgres, Redis, the machine. */
  cpuMsPerWebhook: Record<string, number>;
}

/**
 * Webhooks from real deliveries (issue 35): a merchant with `endpoints`
 * endpoints (events "*") on the receiver's one HTTPS host, `deliveries` test
 * deliveries created by `clients` clients through the gateway, their sped-up
 * timelines run by delivery-service, every event of every delivery sent by
 * the dispatcher to every endpoint. Waits until every delivery is delivered
 * and every webhook expected (outbox events × endpoints) arrived.
 */
export async function runRealDeliveries(
  system: BenchSystem,
  receiver: SignedReceiver,
  options: { deliveries: number; clients: number; endpoints: number; timelineSpeed: number },
): Promise<RealDeliveriesResult> {
  const { call, prefix, apps } = system;
  const { key } = await registerMerchant(call, 'Bench Webhook Deliveries Co', `${prefix}-deliveries`);
  const endpoints: Array<{ path: string; secret: string; group: string }> = [];
  for (let i = 0; i < options.endpoints; i++) {
    const path = `${DELIVERIES_GROUP}/${i}`;
    const created = await call('POST', '/v1/webhooks', key, { url: receiver.url(path), events: ['*'] });
    if (created.status !== 201) throw new Error(`webhook registration failed: ${created.status} ${JSON.stringify(created.body)}`);
    endpoints.push({ path, secret: created.body.secret as string, group: DELIVERIES_GROUP });
  }
  await receiver.addEndpoints(endpoints);

  const quotes: string[] = [];
  await pool(options.deliveries, options.clients, async (i) => {
    const quote = await call('POST', '/v1/quotes', key, { pickup_address: PICKUP, dropoff_address: DROPOFF });
    if (quote.status !== 200) throw new Error(`quote failed: ${quote.status} ${JSON.stringify(quote.body)}`);
    quotes[i] = quote.body.id as string;
  });
  log(`${options.deliveries} deliveries by ${options.clients} clients, ${options.endpoints} endpoints, timeline speed ${options.timelineSpeed}`);
  const cpuReading = () => ({ ...cpuSeconds(apps, true), receiver: receiver.cpuSeconds() });
  const before = cpuReading();
  const start = Date.now();
  let shed = 0;
  await pool(options.deliveries, options.clients, async (i) => {
    let created = await call('POST', '/v1/deliveries', key, { quote_id: quotes[i], customer: { name: 'Sam', phone: '416 555 0142' } });
    for (let retry = 1; created.status === 503 && retry <= SHED_RETRIES; retry++) {
      shed += 1;
      await sleep(SHED_RETRY_MS);
      created = await call('POST', '/v1/deliveries', key, { quote_id: quotes[i], customer: { name: 'Sam', phone: '416 555 0142' } });
      // The shed request was written after all (the gateway gave up waiting, delivery-service did not): it counts as created.
      if (created.status === 409 && created.body.error && (created.body.error as { code?: string }).code === 'quote_already_used') return;
    }
    if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  });
  log(`created in ${((Date.now() - start) / 1000).toFixed(1)} s (${shed} shed at capacity and sent again); waiting for every timeline and webhook`);

  const pg = new Client({ connectionString: system.postgresUrl });
  await pg.connect();
  let events: number;
  try {
    const schema = `"${prefix}_deliveries"`;
    const timelineDeadline = Date.now() + TIMELINE_MS / options.timelineSpeed + 120_000;
    for (;;) {
      const { rows } = await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.deliveries WHERE status = 'delivered'`);
      if (rows[0].n >= options.deliveries) break;
      if (Date.now() > timelineDeadline) throw new Error(`${options.deliveries - rows[0].n} of ${options.deliveries} deliveries never reached delivered`);
      await sleep(POLL_MS);
    }
    const { rows } = await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.outbox_events WHERE type = ANY($1)`, [EVENT_TYPES]);
    events = rows[0].n;
  } finally {
    await pg.end();
  }
  const expected = events * options.endpoints;
  const deadline = Date.now() + 300_000;
  let received = await receiver.report(DELIVERIES_GROUP);
  while (received.unique < expected) {
    if (Date.now() > deadline) throw new Error(`${expected - received.unique} of ${expected} webhooks never arrived`);
    await sleep(POLL_MS);
    received = await receiver.report(DELIVERIES_GROUP);
  }
  const cpuMsPerWebhook = cpuMsPer(before, cpuReading(), received.unique);
  const seconds = (received.lastAt - start) / 1000;
  return { ...options, events, expected, received, seconds, perSecond: received.unique / seconds, cpuMsPerWebhook };
}
