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

/** Every table the backlog fills, with what marks its old rows (the ids this file gives them, `<prefix>_old…`, and `old_…` keys). */
export const BACKLOG_TABLES = [
  { schema: 'webhooks', table: 'events', old: `id LIKE 'evt_old%'` },
  { schema: 'webhooks', table: 'message_destinations', old: `event_id LIKE 'evt_old%'` },
  { schema: 'webhooks', table: 'attempts', old: `event_id LIKE 'evt_old%'` },
  { schema: 'deliveries', table: 'outbox_events', old: `id LIKE 'evo_old%'` },
  { schema: 'deliveries', table: 'outbox_handoffs', old: `event_id LIKE 'evo_old%'` },
  { schema: 'gateway', table: 'request_logs', old: `id LIKE 'reqlog_old%'` },
  { schema: 'gateway', table: 'idempotency_keys', old: `key LIKE 'old_%'` },
] as const;

/**
 * Writes `rows` rows, one a second going back from `ageDays` ago, into each
 * table BACKLOG_TABLES names, straight into the apps' schemas (one
 * `INSERT … SELECT generate_series` per table), as this merchant's past
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
  // Ids shaped as the API's own (a prefix, then 24 letters and digits), starting with "old".
  const id = (idPrefix: string) => `'${idPrefix}' || lpad(g::text, 21, '0')`;
  // Each a copy of the merchant's first delivery.created, under its own ids and time, so the API presents it as any other.
  await pg.query(
    `INSERT INTO ${webhooks}.events (id, merchant_id, mode, type, delivery_id, body, created_at)
     SELECT ${id('evt_old')}, $1, 'test', 'delivery.created', ${id('del_test_old')},
            jsonb_set(jsonb_set(jsonb_set(t.body::jsonb, '{id}', to_jsonb(${id('evt_old')})), '{data,id}', to_jsonb(${id('del_test_old')})),
                      '{created_at}', to_jsonb(to_char((${at}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))::text,
            ${at}
     FROM ${series}, (SELECT body FROM ${webhooks}.events WHERE merchant_id = $1 AND type = 'delivery.created' ORDER BY created_at LIMIT 1) t`,
    [merchantId],
  );
  await pg.query(
    `INSERT INTO ${webhooks}.message_destinations (event_id, endpoint_id, status, attempt_count, next_attempt_at, updated_at, round)
     SELECT ${id('evt_old')}, $1, 'succeeded', 1, NULL, ${at}, 0 FROM ${series}`,
    [endpointId],
  );
  await pg.query(
    `INSERT INTO ${webhooks}.attempts (id, event_id, endpoint_id, number, trigger, succeeded, status_code, duration_ms, created_at, round)
     SELECT ${id('att_old')}, ${id('evt_old')}, $1, 1, 'automatic', true, 200, 12, ${at}, 0 FROM ${series}`,
    [endpointId],
  );
  // Sequences far past the delivery's own five, which it will never reach: it is finished.
  await pg.query(
    `INSERT INTO ${deliveries}.outbox_events (id, delivery_id, sequence, type, payload, created_at)
     SELECT ${id('evo_old')}, $1, 1000 + g, 'delivery.created', '{}'::jsonb, ${at} FROM ${series}`,
    [deliveryId],
  );
  await pg.query(
    `INSERT INTO ${deliveries}.outbox_handoffs (subscriber, event_id, created_at, delivery_id, sequence, acknowledged_at)
     SELECT 'webhook-dispatcher', ${id('evo_old')}, ${at}, $1, 1000 + g, ${at} FROM ${series}`,
    [deliveryId],
  );
  await pg.query(
    `INSERT INTO ${gateway}.request_logs (id, merchant_id, mode, method, path, status, request_id, idempotency_key, duration_ms, api_key_last4, member_id,
                                          request_headers, response_headers, request_body, request_body_truncated, response_body, response_body_truncated, created_at)
     SELECT ${id('reqlog_old')}, $1, 'test', 'POST', '/v1/deliveries', 201, ${id('req_old')}, 'old_' || g, 40, 'abcd', NULL,
            '{"content-type":"application/json"}'::jsonb, '{"content-type":"application/json"}'::jsonb,
            '{"quote_id":"qt_old"}', false, '{"id":"del_test_old","status":"created"}', false, ${at}
     FROM ${series}`,
    [merchantId],
  );
  await pg.query(
    `INSERT INTO ${gateway}.idempotency_keys (merchant_id, mode, key, request_hash, request_token, locked_by, locked_until, response_status, response_body, created_at)
     SELECT $1, 'test', 'old_' || g, md5(g::text), md5('token' || g), NULL, NULL, 201, '{"id":"del_test_old"}', ${at} FROM ${series}`,
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
