/**
 * Loads a platform's worth of history straight into a bench run's schemas,
 * one server-side `INSERT … SELECT generate_series` per table (no rows cross
 * the wire): deliveries going back a year, the outbox events and hand-offs of
 * the last week's deliveries, and the webhook events of the last 29 days with
 * their message destinations and one successful attempt each, spread over
 * SEED_MERCHANTS merchants of which the bench's own holds half. Each table's
 * rows are copies of a row the API itself wrote in this run (the template),
 * under seeded ids, merchants and times (seed-plan.ts), so every value has
 * the shape the services read back. Then VACUUM (ANALYZE) of each table and a
 * CHECKPOINT: a platform's year of history has long been vacuumed (hint bits
 * and visibility map set) and written out, whereas 30 GB committed a moment
 * ago would otherwise be vacuumed and checkpointed during the seeded phase,
 * and its figures would measure that maintenance instead of the size. The
 * run's schemas are dropped with the run (withBenchSystem).
 */
import { Client } from 'pg';
import { EVENT_SUBSCRIBERS } from '@sdd/contracts';
import {
  ageSecondsSql,
  DELIVERY_AGE_DAYS,
  deliveriesWithin,
  deliveryOfEventSql,
  EVENT_AGE_DAYS,
  EVENT_TYPES,
  merchantOfSql,
  OUTBOX_AGE_DAYS,
  SEED_MERCHANTS,
  SeedSizes,
  seedIdSql,
} from './seed-plan';

/** The rows of this run the seed copies: the bench merchant's, written by the API before the seed. */
export interface SeedTemplates {
  /** The run's schema prefix: `<prefix>_deliveries`, `<prefix>_webhooks`. */
  prefix: string;
  merchantId: string;
  /** One of its deliveries, with its outbox events. */
  deliveryId: string;
  /** Its webhook endpoint, which its seeded events were sent to (the other merchants get a copy each). */
  endpointId: string;
}

export interface SeedReport {
  /** Rows written, by `<service>.<table>`. */
  rows: Record<string, number>;
  /** The inserts' time. */
  seconds: number;
  /** VACUUM (ANALYZE) and CHECKPOINT after them. */
  vacuumSeconds: number;
  /** What the database grew by (pg_database_size after VACUUM, before the next phase's writes). */
  bytesAdded: number;
}

/** The columns an INSERT may name (generated and identity-always columns are left to their defaults). */
async function insertableColumns(pg: Client, schema: string, table: string): Promise<string[]> {
  const { rows } = await pg.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = $1 AND table_name = $2 AND is_generated = 'NEVER' AND NOT (is_identity = 'YES' AND identity_generation = 'ALWAYS')
      ORDER BY ordinal_position`,
    [schema, table],
  );
  return rows.map((row) => row.column_name);
}

/**
 * INSERT INTO `table` a copy of the template row `t` for each row of `from`
 * (which names `t`), every column as the template's except `overrides` (SQL
 * of `t` and the series). Every override must name a column: a renamed
 * column fails the seed rather than being silently copied.
 */
async function copyRows(pg: Client, schema: string, table: string, from: string, overrides: Record<string, string>, params: unknown[]): Promise<number> {
  const columns = await insertableColumns(pg, schema, table);
  const unknown = Object.keys(overrides).filter((name) => !columns.includes(name));
  if (unknown.length > 0) throw new Error(`${schema}.${table} has no column ${unknown.join(', ')}`);
  const values = columns.map((name) => overrides[name] ?? `t.${name}`);
  const result = await pg.query(`INSERT INTO "${schema}".${table} (${columns.join(', ')}) SELECT ${values.join(', ')} FROM ${from}`, params);
  return result.rowCount ?? 0;
}

const ago = (seconds: string) => `(now() - make_interval(secs => ${seconds}))`;
const isoOf = (at: string) => `to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The seeded merchant `m` (0 = the bench's, $1). */
const merchantIdSql = (m: string) => `(CASE WHEN ${m} = 0 THEN $1 ELSE ${seedIdSql('mer', m)} END)`;

export async function seedGrowth(pg: Client, sizes: SeedSizes, templates: SeedTemplates): Promise<SeedReport> {
  const { prefix } = templates;
  const bytesBefore = Number((await pg.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes')).rows[0].bytes);
  const started = Date.now();
  // One transaction: one now() for every table, so a delivery's outbox rows follow it exactly, and nothing half-seeded is ever seen.
  await pg.query('BEGIN');
  const rows: Record<string, number> = {};
  try {
    await writeRows(pg, sizes, templates, rows);
    await pg.query('COMMIT');
  } catch (error) {
    await pg.query('ROLLBACK');
    throw error;
  }
  const inserted = Date.now();
  for (const name of Object.keys(rows)) {
    const [service, table] = name.split('.');
    await pg.query(`VACUUM (ANALYZE) "${prefix}_${service}".${table}`);
  }
  await pg.query('CHECKPOINT');
  const bytesAfter = Number((await pg.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes')).rows[0].bytes);
  return { rows, seconds: (inserted - started) / 1000, vacuumSeconds: (Date.now() - inserted) / 1000, bytesAdded: bytesAfter - bytesBefore };
}

/** Every table's rows, in the caller's transaction; counts them into `rows`. */
async function writeRows(pg: Client, sizes: SeedSizes, templates: SeedTemplates, rows: Record<string, number>): Promise<void> {
  const { prefix, merchantId, deliveryId, endpointId } = templates;
  const deliveries = `${prefix}_deliveries`;
  const webhooks = `${prefix}_webhooks`;
  const n = sizes.deliveries;
  const m = sizes.events;

  // Deliveries: finished (delivered 40 minutes after creation), going back a year, newest first.
  const deliveryAt = ago(ageSecondsSql('g', n, DELIVERY_AGE_DAYS));
  rows['deliveries.deliveries'] = await copyRows(
    pg,
    deliveries,
    'deliveries',
    `(SELECT * FROM "${deliveries}".deliveries WHERE id = $2) t, generate_series(1, ${n}) AS g`,
    {
      id: seedIdSql('del_test', 'g'),
      merchant_id: merchantIdSql(merchantOfSql('g')),
      mode: `'test'`,
      status: `'delivered'`,
      quote_id: seedIdSql('qt', 'g'),
      tracking_token: `md5($1 || g::text)`,
      idempotency_key: 'NULL',
      driver_id: 'NULL',
      delivered_at: `${deliveryAt} + interval '40 minutes'`,
      ended_at: `${deliveryAt} + interval '40 minutes'`,
      event_sequence: String(EVENT_TYPES.length),
      created_at: deliveryAt,
      updated_at: `${deliveryAt} + interval '40 minutes'`,
    },
    [merchantId, deliveryId],
  );

  // The outbox of the last 6 days' deliveries (the purge keeps 7): their five events, 10 minutes apart, every subscriber's hand-off acknowledged.
  const recent = deliveriesWithin(OUTBOX_AGE_DAYS, sizes);
  const outboxAt = `(d.created_at + (s - 1) * interval '10 minutes')`;
  const outboxId = seedIdSql('evt', `(d.d_n - 1) * ${EVENT_TYPES.length} + s`);
  const recentDeliveries = `(SELECT ${seedIdSql('del_test', 'd_n')} AS id, ${ago(ageSecondsSql('d_n', n, DELIVERY_AGE_DAYS))} AS created_at, d_n
                              FROM generate_series(1, ${recent}) AS d_n) d`;
  rows['deliveries.outbox_events'] = await copyRows(
    pg,
    deliveries,
    'outbox_events',
    `(SELECT * FROM "${deliveries}".outbox_events WHERE delivery_id = $1 AND sequence = 1) t, ${recentDeliveries}, generate_series(1, ${EVENT_TYPES.length}) AS s`,
    {
      id: outboxId,
      delivery_id: 'd.id',
      sequence: 's',
      type: `(ARRAY[${EVENT_TYPES.map((type) => `'${type}'`).join(', ')}])[s]`,
      created_at: outboxAt,
    },
    [deliveryId],
  );
  rows['deliveries.outbox_handoffs'] = await copyRows(
    pg,
    deliveries,
    'outbox_handoffs',
    `(SELECT * FROM "${deliveries}".outbox_handoffs WHERE delivery_id = $1 LIMIT 1) t, ${recentDeliveries}, generate_series(1, ${EVENT_TYPES.length}) AS s, unnest($2::text[]) AS sub`,
    {
      subscriber: 'sub',
      event_id: outboxId,
      delivery_id: 'd.id',
      sequence: 's',
      created_at: outboxAt,
      acknowledged_at: `${outboxAt} + interval '1 second'`,
    },
    [deliveryId, [...EVENT_SUBSCRIBERS]],
  );

  // One endpoint per other merchant, a copy of the bench merchant's.
  rows['webhooks.endpoints'] = await copyRows(
    pg,
    webhooks,
    'endpoints',
    `(SELECT * FROM "${webhooks}".endpoints WHERE id = $1) t, generate_series(1, ${SEED_MERCHANTS - 1}) AS g`,
    { id: seedIdSql('wh', 'g'), merchant_id: seedIdSql('mer', 'g') },
    [endpointId],
  );

  // Webhook events of the last 29 days (the purge keeps 30), five per delivery id, each sent once to its merchant's endpoint and answered 200.
  const eventMerchant = merchantOfSql(deliveryOfEventSql('g'));
  const eventAt = ago(ageSecondsSql('g', m, EVENT_AGE_DAYS));
  const eventType = `(ARRAY[${EVENT_TYPES.map((type) => `'${type}'`).join(', ')}])[(g - 1) % ${EVENT_TYPES.length} + 1]`;
  const template = await pg.query<{ id: string; body: string; delivery_id: string; type: string }>(
    `SELECT id, body, delivery_id, type FROM "${webhooks}".events WHERE delivery_id = $1 AND type = 'delivery.created'`,
    [deliveryId],
  );
  if (template.rows.length !== 1) throw new Error(`no delivery.created event of ${deliveryId} to copy`);
  const { created_at: templateCreatedAt } = JSON.parse(template.rows[0].body) as { created_at: string };
  // The body is the exact JSON each attempt sent: the template's, with its event id, delivery id, type and time replaced (text replaces: no JSON parsing per row).
  const body =
    `replace(replace(replace(replace(t.body, t.id, ${seedIdSql('evt', 'g')}), t.delivery_id, ${seedIdSql('del_test', deliveryOfEventSql('g'))}), ` +
    `'"type":"delivery.created"', '"type":"' || ${eventType} || '"'), $2, ${isoOf(eventAt)})`;
  rows['webhooks.events'] = await copyRows(
    pg,
    webhooks,
    'events',
    `(SELECT * FROM "${webhooks}".events WHERE id = $3) t, generate_series(1, ${m}) AS g`,
    {
      id: seedIdSql('evt', 'g'),
      merchant_id: merchantIdSql(eventMerchant),
      mode: `'test'`,
      type: eventType,
      delivery_id: seedIdSql('del_test', deliveryOfEventSql('g')),
      body,
      created_at: eventAt,
    },
    [merchantId, templateCreatedAt, template.rows[0].id],
  );
  const endpointOf = `(CASE WHEN ${eventMerchant} = 0 THEN $1 ELSE ${seedIdSql('wh', eventMerchant)} END)`;
  rows['webhooks.message_destinations'] = await copyRows(
    pg,
    webhooks,
    'message_destinations',
    `(SELECT * FROM "${webhooks}".message_destinations WHERE endpoint_id = $1 LIMIT 1) t, generate_series(1, ${m}) AS g`,
    {
      event_id: seedIdSql('evt', 'g'),
      endpoint_id: endpointOf,
      status: `'succeeded'`,
      attempt_count: '1',
      next_attempt_at: 'NULL',
      round: '0',
      updated_at: `${eventAt} + interval '1 second'`,
    },
    [endpointId],
  );
  rows['webhooks.attempts'] = await copyRows(
    pg,
    webhooks,
    'attempts',
    `(SELECT * FROM "${webhooks}".attempts WHERE endpoint_id = $1 AND succeeded AND trigger = 'automatic' LIMIT 1) t, generate_series(1, ${m}) AS g`,
    {
      id: seedIdSql('att', 'g'),
      event_id: seedIdSql('evt', 'g'),
      endpoint_id: endpointOf,
      number: '1',
      round: '0',
      created_at: `${eventAt} + interval '1 second'`,
    },
    [endpointId],
  );
}
