import { Client } from 'pg';

/** Where the rows of one merchant's backlog go: its schemas, and the rows they must point at. */
export interface BacklogTarget {
  /** The system's schema prefix (TestSystem.prefix): `<prefix>_gateway`, `<prefix>_deliveries`, `<prefix>_webhooks`. */
  prefix: string;
  merchantId: string;
  /** A webhook endpoint of the merchant: every old event was fanned out to it. */
  endpointId: string;
  /** A finished delivery of the merchant, which the old outbox events belong to (the foreign key). */
  deliveryId: string;
  /** Rows per table. */
  rows: number;
  /** How old the newest of them is: past every retention. */
  ageDays: number;
}

/** Every table the backlog fills, with what marks its old rows (the ids this file gives them). */
export const BACKLOG_TABLES = [
  { schema: 'webhooks', table: 'events', old: `id LIKE 'evt_old_%'` },
  { schema: 'webhooks', table: 'message_destinations', old: `event_id LIKE 'evt_old_%'` },
  { schema: 'webhooks', table: 'attempts', old: `event_id LIKE 'evt_old_%'` },
  { schema: 'deliveries', table: 'outbox_events', old: `id LIKE 'evo_old_%'` },
  { schema: 'deliveries', table: 'outbox_handoffs', old: `event_id LIKE 'evo_old_%'` },
  { schema: 'gateway', table: 'request_logs', old: `id LIKE 'reqlog_old_%'` },
  { schema: 'gateway', table: 'idempotency_keys', old: `key LIKE 'old_%'` },
] as const;

/**
 * Writes `rows` rows, one a second going back from `ageDays` ago, into each
 * table BACKLOG_TABLES names, straight into the apps' schemas (one
 * `INSERT … SELECT generate_series` per table), as a year of this merchant's
 * traffic would have left them: webhook events sent once and answered 2xx,
 * outbox events every subscriber acknowledged, request log entries,
 * Idempotency-Keys with their stored response. Then ANALYZE, as autovacuum
 * would after such growth, so the planner sees the tables as they are.
 */
export async function writeOldBacklog(pg: Client, target: BacklogTarget): Promise<void> {
  const { prefix, merchantId, endpointId, deliveryId, rows, ageDays } = target;
  const [gateway, deliveries, webhooks] = ['gateway', 'deliveries', 'webhooks'].map((schema) => `"${prefix}_${schema}"`);
  const at = `now() - make_interval(days => ${ageDays}) - g * interval '1 second'`;
  const series = `generate_series(1, ${rows}) AS g`;
  await pg.query(
    `INSERT INTO ${webhooks}.events (id, merchant_id, mode, type, delivery_id, body, created_at)
     SELECT 'evt_old_' || g, $1, 'test', 'delivery.created', 'del_test_old_' || g,
            '{"id":"evt_old_' || g || '","type":"delivery.created","data":{"id":"del_test_old_' || g || '","status":"created"},"sequence":1}', ${at}
     FROM ${series}`,
    [merchantId],
  );
  await pg.query(
    `INSERT INTO ${webhooks}.message_destinations (event_id, endpoint_id, status, attempt_count, next_attempt_at, updated_at, round)
     SELECT 'evt_old_' || g, $1, 'succeeded', 1, NULL, ${at}, 0 FROM ${series}`,
    [endpointId],
  );
  await pg.query(
    `INSERT INTO ${webhooks}.attempts (id, event_id, endpoint_id, number, trigger, succeeded, status_code, duration_ms, created_at, round)
     SELECT 'att_old_' || g, 'evt_old_' || g, $1, 1, 'automatic', true, 200, 12, ${at}, 0 FROM ${series}`,
    [endpointId],
  );
  // Sequences far past the delivery's own five, which it will never reach: it is finished.
  await pg.query(
    `INSERT INTO ${deliveries}.outbox_events (id, delivery_id, sequence, type, payload, created_at)
     SELECT 'evo_old_' || g, $1, 1000 + g, 'delivery.created', '{}'::jsonb, ${at} FROM ${series}`,
    [deliveryId],
  );
  await pg.query(
    `INSERT INTO ${deliveries}.outbox_handoffs (subscriber, event_id, created_at, delivery_id, sequence, acknowledged_at)
     SELECT 'webhook-dispatcher', 'evo_old_' || g, ${at}, $1, 1000 + g, ${at} FROM ${series}`,
    [deliveryId],
  );
  await pg.query(
    `INSERT INTO ${gateway}.request_logs (id, merchant_id, mode, method, path, status, request_id, idempotency_key, duration_ms, api_key_last4, member_id,
                                          request_headers, response_headers, request_body, request_body_truncated, response_body, response_body_truncated, created_at)
     SELECT 'reqlog_old_' || g, $1, 'test', 'POST', '/v1/deliveries', 201, 'req_old_' || g, 'old_' || g, 40, 'abcd', NULL,
            '{"content-type":"application/json"}'::jsonb, '{"content-type":"application/json"}'::jsonb,
            '{"quote_id":"qt_old_' || g || '"}', false, '{"id":"del_test_old_' || g || '","status":"created"}', false, ${at}
     FROM ${series}`,
    [merchantId],
  );
  await pg.query(
    `INSERT INTO ${gateway}.idempotency_keys (merchant_id, mode, key, request_hash, request_token, locked_by, locked_until, response_status, response_body, created_at)
     SELECT $1, 'test', 'old_' || g, md5(g::text), md5('token' || g), NULL, NULL, 201, '{"id":"del_test_old_' || g || '"}', ${at} FROM ${series}`,
    [merchantId],
  );
  for (const { schema, table } of BACKLOG_TABLES) await pg.query(`ANALYZE "${prefix}_${schema}".${table}`);
}

/** How many old rows of the backlog each table still holds, by table name. */
export async function oldRowsLeft(pg: Client, prefix: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { schema, table, old } of BACKLOG_TABLES) {
    counts[table] = (await pg.query(`SELECT count(*)::int AS n FROM "${prefix}_${schema}".${table} WHERE ${old}`)).rows[0].n as number;
  }
  return counts;
}

/** Whether any purged table still holds a row of the backlog: cheap (by the purges' own indexes on age), asked between requests while the purge runs. */
export async function backlogLeft(pg: Client, prefix: string): Promise<boolean> {
  const parents = BACKLOG_TABLES.filter(({ table }) => table !== 'message_destinations' && table !== 'attempts' && table !== 'outbox_handoffs');
  const exists = parents.map(({ schema, table }) => `EXISTS (SELECT 1 FROM "${prefix}_${schema}".${table} WHERE created_at < now() - interval '1 day')`);
  return (await pg.query(`SELECT ${exists.join(' OR ')} AS left`)).rows[0].left as boolean;
}
