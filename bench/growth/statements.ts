/**
 * What the growth bench reads of Postgres itself: each statement's mean time
 * over a phase (pg_stat_statements), and the plans of the hot reads on the
 * seeded tables, flagged where they scan a whole table or sort.
 */
import { Client } from 'pg';
import { planFlags, PlanNode, planSummary } from './plan-flags';

export interface StatementMean {
  query: string;
  calls: number;
  meanMs: number;
  /** Shared buffers hit or read per call. */
  blocksPerCall: number;
  /** Of those, read from outside shared buffers (the OS cache or the disk), per call. */
  readsPerCall: number;
  /** Time spent on those reads per call (track_io_timing). */
  readMsPerCall: number;
}

/** The bench database's statements since the phase's reset, those called at least 20 times; empty when pg_stat_statements is not loaded. */
export async function statementMeans(pg: Client): Promise<StatementMean[]> {
  try {
    const { rows } = await pg.query<{ query: string; calls: string; mean: number; blocks: number; reads: number; read_ms: number }>(
      `SELECT query, calls, mean_exec_time AS mean, (shared_blks_hit + shared_blks_read)::float8 / calls AS blocks,
              shared_blks_read::float8 / calls AS reads, shared_blk_read_time / calls AS read_ms FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND calls >= 20 ORDER BY total_exec_time DESC LIMIT 100`,
    );
    return rows.map((row) => ({
      query: row.query,
      calls: Number(row.calls),
      meanMs: row.mean,
      blocksPerCall: row.blocks,
      readsPerCall: row.reads,
      readMsPerCall: row.read_ms,
    }));
  } catch {
    return [];
  }
}

export interface HotReadPlan {
  name: string;
  summary: string;
  flags: string[];
}

/**
 * The reads the API serves most and the dispatcher's own, written as the
 * services write them (list-deliveries.handler.ts, event-read.repository.ts,
 * event-retention-purge.task.ts, delivery-status.repository.ts), for the bench merchant and its endpoint, on a position half
 * a year back where a cursor applies.
 */
export async function explainHotReads(pg: Client, prefix: string, merchantId: string, endpointId: string): Promise<HotReadPlan[]> {
  const d = `"${prefix}_deliveries"`;
  const w = `"${prefix}_webhooks"`;
  const statements: Array<{ name: string; sql: string; params: unknown[]; withoutIndex?: string }> = [
    {
      name: 'delivery by id (a year-old one)',
      sql: `SELECT * FROM ${d}.deliveries WHERE id = (SELECT id FROM ${d}.deliveries WHERE merchant_id = $1 AND mode = 'test' ORDER BY created_at LIMIT 1) AND merchant_id = $1 AND mode = 'test'`,
      params: [merchantId],
    },
    {
      name: 'deliveries list, first page',
      sql: `SELECT * FROM ${d}.deliveries WHERE merchant_id = $1 AND mode = 'test' ORDER BY created_at DESC, id DESC LIMIT 11`,
      params: [merchantId],
    },
    {
      name: 'deliveries list, page half a year back',
      sql: `SELECT * FROM ${d}.deliveries WHERE merchant_id = $1 AND mode = 'test' AND (created_at, id) < (now() - interval '182 days', 'del_test_z') ORDER BY created_at DESC, id DESC LIMIT 11`,
      params: [merchantId],
    },
    {
      name: 'deliveries list, status filter',
      sql: `SELECT * FROM ${d}.deliveries WHERE merchant_id = $1 AND mode = 'test' AND status = 'delivered' ORDER BY created_at DESC, id DESC LIMIT 11`,
      params: [merchantId],
    },
    {
      name: 'events list, first page',
      sql: `SELECT id, body, created_at FROM ${w}.events WHERE merchant_id = $1 AND mode = 'test' ORDER BY created_at DESC, id DESC LIMIT 11`,
      params: [merchantId],
    },
    {
      name: 'events list, page two weeks back',
      sql: `SELECT id, body, created_at FROM ${w}.events WHERE merchant_id = $1 AND mode = 'test' AND (created_at, id) < (now() - interval '14 days', 'evt_z') ORDER BY created_at DESC, id DESC LIMIT 11`,
      params: [merchantId],
    },
    {
      name: "events list, one delivery's",
      sql: `SELECT id, body, created_at FROM ${w}.events WHERE merchant_id = $1 AND mode = 'test' AND delivery_id = 'del_test_seed00000000000000000002' ORDER BY created_at DESC, id DESC LIMIT 11`,
      params: [merchantId],
    },
    {
      name: "an endpoint's failed attempts of the last day",
      sql: `SELECT * FROM ${w}.attempts WHERE endpoint_id = $1 AND created_at >= now() - interval '1 day' AND NOT succeeded ORDER BY created_at DESC, id DESC LIMIT 10`,
      params: [endpointId],
    },
    ...[undefined, 'deliveries_live_to_match_idx'].map((withoutIndex) => ({
      name: `driver matching: live deliveries to start matching${withoutIndex ? `, without ${withoutIndex}` : ''}`,
      sql: `UPDATE ${d}.deliveries SET status = 'pending', dispatch_started_at = now(), updated_at = now()
             WHERE mode = 'live' AND status = 'created' AND (scheduled_at IS NULL OR scheduled_at <= now() + interval '30 minutes')`,
      params: [],
      withoutIndex: withoutIndex && `${d}.${withoutIndex}`,
    })),
    {
      name: 'event retention, the next batch past 30 days',
      sql: `SELECT id FROM ${w}.events WHERE created_at < now() - interval '30 days' ORDER BY created_at LIMIT 1000`,
      params: [],
    },
  ];
  const plans: HotReadPlan[] = [];
  // Each in a transaction rolled back: the UPDATE changes nothing, and an index dropped to show the plan before it (briefly locking the table) comes back.
  for (const { name, sql, params, withoutIndex } of statements) {
    await pg.query('BEGIN');
    try {
      if (withoutIndex) await pg.query(`DROP INDEX ${withoutIndex}`);
      const { rows } = await pg.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number }> }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params);
      const [{ Plan: plan, 'Execution Time': ms }] = rows[0]['QUERY PLAN'];
      plans.push({ name, summary: planSummary(plan, ms), flags: planFlags(plan) });
    } finally {
      await pg.query('ROLLBACK');
    }
  }
  return plans;
}
