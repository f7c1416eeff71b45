import { randomBytes } from 'node:crypto';
import { CarefulMerchant } from './careful-merchant';
import { DrillConfig } from './drill-config';
import { answerLabel } from './retry-policy';
import { setTimeout as sleep } from 'node:timers/promises';

export const PICKUP_ADDRESS = '1 Queen St E, Toronto, ON M5C 2W5';
export const DROPOFF_ADDRESS = '290 Bremner Blvd, Toronto, ON M5V 3L9';

/** A registered merchant with a webhook endpoint of its own on the drill's receiver. */
export interface DrillMerchant {
  client: CarefulMerchant;
  /** The receiver path its endpoint points at. */
  path: string;
  /** Its endpoint's signing secret. */
  secret: string;
}

/** What the load is doing right now, for a fault that should strike mid-request. */
export interface LoadProgress {
  /** `POST /v1/deliveries` requests sent and not answered yet. */
  deliveriesInFlight: number;
}

export interface LoadResult {
  requested: number;
  /** Delivery ids a 201 returned, per merchant (index into the merchants). */
  accepted: string[][];
  /** Requests with no 201 by their deadline, by their last answer. */
  refused: Record<string, number>;
  endedAt: number;
}

/**
 * Starts `deliveries` requests evenly over `loadMs`, round-robin over the
 * merchants; each gets a quote and then creates the delivery with an
 * Idempotency-Key of its own, both retried until final or the deadline.
 */
export async function driveLoad(config: DrillConfig, merchants: readonly DrillMerchant[], progress: LoadProgress): Promise<LoadResult> {
  const accepted: string[][] = merchants.map(() => []);
  const refused: Record<string, number> = {};
  const refuse = (label: string) => void (refused[label] = (refused[label] ?? 0) + 1);
  const start = Date.now();
  const one = async (i: number) => {
    await sleep(start + (i * config.loadMs) / config.deliveries - Date.now());
    const merchant = merchants[i % merchants.length];
    const deadline = Date.now() + config.requestDeadlineMs;
    const quote = await merchant.client.persist('POST', '/v1/quotes', { pickup_address: PICKUP_ADDRESS, dropoff_address: DROPOFF_ADDRESS }, {}, deadline);
    if (!('status' in quote.outcome) || quote.outcome.status !== 200) {
      refuse(`quote: ${answerLabel(quote.outcome)}`);
      return;
    }
    const body = { quote_id: quote.body.id, customer: { name: 'Sam Rivera', phone: '416 555 0142' }, external_reference: `drill-${i}` };
    const headers = { 'idempotency-key': `drill-${i}-${randomBytes(6).toString('hex')}` };
    progress.deliveriesInFlight += 1;
    const created = await merchant.client.persist('POST', '/v1/deliveries', body, headers, deadline).finally(() => (progress.deliveriesInFlight -= 1));
    if ('status' in created.outcome && created.outcome.status === 201 && typeof created.body.id === 'string') {
      accepted[i % merchants.length].push(created.body.id);
    } else {
      refuse(answerLabel(created.outcome));
    }
  };
  await Promise.all(Array.from({ length: config.deliveries }, (_, i) => one(i)));
  return { requested: config.deliveries, accepted, refused, endedAt: Date.now() };
}
