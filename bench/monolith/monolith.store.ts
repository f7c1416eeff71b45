import { Pool } from 'pg';
import { QuoteRecord } from '@sdd/contracts';
import { KeyScope } from './api-key-cache';

const INSERT_QUOTE = `INSERT INTO quotes (id, merchant_id, mode, fee, fee_breakdown, currency, eta_minutes, distance_km, package_size, vehicle, category,
  scheduled_at, pickup, dropoff, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`;

/**
 * The monolith anchor's statements, prepared (as quote-service's are): one
 * declaration for both of its shapes, the process per core and the process
 * behind a bus hop (monolith-shape.ts).
 */
export class MonolithStore {
  constructor(private readonly pool: Pool) {}

  async keyScope(keyHash: string): Promise<KeyScope | undefined> {
    const { rows } = await this.pool.query<KeyScope>({ name: 'key', text: 'SELECT merchant_id AS "merchantId", mode FROM api_keys WHERE key_hash = $1', values: [keyHash] });
    return rows[0];
  }

  async saveQuote(quote: QuoteRecord, scope: KeyScope): Promise<void> {
    await this.pool.query({
      name: 'insert-quote',
      text: INSERT_QUOTE,
      values: [
        quote.id,
        scope.merchantId,
        scope.mode,
        quote.fee,
        JSON.stringify(quote.feeBreakdown),
        quote.currency,
        quote.etaMinutes,
        quote.distanceKm,
        quote.packageSize,
        quote.vehicle,
        quote.category,
        quote.scheduledAt,
        JSON.stringify(quote.pickup),
        JSON.stringify(quote.dropoff),
        quote.expiresAt,
        quote.createdAt,
      ],
    });
  }

  /** The delivery's public JSON, as stored; undefined when the scope has no such delivery. */
  async delivery(id: string, scope: KeyScope): Promise<unknown> {
    const { rows } = await this.pool.query<{ resource: unknown }>({
      name: 'delivery',
      text: 'SELECT resource FROM deliveries WHERE id = $1 AND merchant_id = $2 AND mode = $3',
      values: [id, scope.merchantId, scope.mode],
    });
    return rows[0]?.resource;
  }
}
