import { Client } from 'pg';
import { ServiceName } from '@sdd/contracts';
import { DataSource } from 'typeorm';
import { dataSourceOptions, inScope, runMigrations } from '@sdd/persistence';
import { testEnv, uniquePrefix } from '@sdd/testing';
import { MIGRATIONS } from '../src/database';
import { DeliveryEntity } from '../src/deliveries/delivery.entity';
import { moveTestDeliveriesSql, startMatchingSql } from '../src/lifecycle/delivery-status.repository';

const FAILURE_REASON = { name: 'failure_reason', type: 'text' };
const WEBHOOK = ServiceName.Webhook;
const PAYMENT = ServiceName.Payment;

/**
 * The statements that find a delivery by its id, on real Postgres: they must
 * use the primary key even while the table has no statistics (a new
 * deployment's first minute: one merchant's 5,000 deliveries, autovacuum
 * off; for the batched move, the generic plan pg caches for a prepared
 * statement). With plain `=` on the scope, Postgres reads the merchant's
 * whole range of deliveries_list_idx instead. And the batched move writes a
 * delivery's events only when that delivery moved; the relay's table is
 * vacuumed often enough that its scans do not walk an ever longer tail.
 */
describe('delivery statements by id (real Postgres, no statistics)', () => {
  const { databaseUrl } = testEnv();
  const schema = uniquePrefix('deliveryplans');
  const s = `"${schema}"`;
  let db: Client;

  function prepare(name: string, columns: Array<{ name: string; type: string }>): Promise<unknown> {
    const types = [
      'text[]',
      'text[]',
      'timestamptz[]',
      'int[]',
      'text[]',
      'int[]',
      'text[]',
      'text[]',
      'int[]',
      'text[]',
      'jsonb[]',
      'timestamptz[]',
      'text[]',
      'text[]',
      'text[]',
      'int[]',
    ];
    const sql = moveTestDeliveriesSql(columns).replace(/\{schema\}/g, s);
    return db.query(`PREPARE ${name}(${[...types, ...columns.map((c) => `${c.type}[]`)].join(', ')}) AS ${sql}`);
  }

  beforeAll(async () => {
    await runMigrations({ url: databaseUrl, schema, applicationName: 'delivery-plans-test', migrations: MIGRATIONS });
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(`ALTER TABLE ${s}.deliveries SET (autovacuum_enabled = false)`);
    await db.query(
      `INSERT INTO ${s}.deliveries (id, merchant_id, mode, status, quote_id, fee, charged_fee, currency, category, pickup, dropoff, customer, tracking_token, created_at, updated_at)
       SELECT 'del_' || n, 'mer_busy', 'test', 'pending', 'qt_' || n, 900, 900, 'cad', 'standard', '{}', '{}', '{"name":"Ada"}', 'tok_' || n, now(), now()
       FROM generate_series(1, 5000) AS n`,
    );
    await db.query(`UPDATE ${s}.deliveries SET event_sequence = 1`);
    await db.query(`SET plan_cache_mode = force_generic_plan`);
    await prepare('move_plain', []);
  }, 60_000);

  afterAll(async () => {
    await db?.query(`DROP SCHEMA ${s} CASCADE`);
    await db?.end();
  });

  it('updates through deliveries_pkey, never the merchant list index', async () => {
    await db.query('BEGIN');
    try {
      const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(
        `EXPLAIN (FORMAT JSON) EXECUTE move_plain(ARRAY['del_1', 'del_2'], ARRAY['driver_assigned', 'driver_assigned'], ARRAY[now(), now()], ARRAY[2, 2],
           ARRAY['pending', 'pending'], ARRAY[1, 1], '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}')`,
      );
      const plan = JSON.stringify(rows[0]['QUERY PLAN']);
      expect(plan).toContain('"Index Name":"deliveries_pkey"');
      expect(plan).not.toContain('deliveries_list_idx');
      expect(plan).not.toContain('"Node Type":"Seq Scan"');
    } finally {
      await db.query('ROLLBACK');
    }
  });

  it('finds one delivery by id and scope (inScope) through deliveries_pkey, never the merchant list index', async () => {
    const dataSource = new DataSource(dataSourceOptions({ url: databaseUrl, schema, applicationName: 'delivery-plans-test', entities: [DeliveryEntity] }));
    await dataSource.initialize();
    try {
      for (const scope of [
        { merchantId: 'mer_busy', mode: 'test' as const },
        { merchantId: 'mer_other', mode: 'live' as const },
      ]) {
        const [sql, parameters] = dataSource
          .getRepository(DeliveryEntity)
          .createQueryBuilder()
          .where({ id: 'del_42', ...inScope(scope) })
          .getQueryAndParameters();
        const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, parameters);
        const plan = JSON.stringify(rows[0]['QUERY PLAN']);
        expect(plan).toContain('"Index Name":"deliveries_pkey"');
        expect(plan).not.toContain('deliveries_list_idx');
      }
      const repository = dataSource.getRepository(DeliveryEntity);
      expect((await repository.findOneBy({ id: 'del_42', ...inScope({ merchantId: 'mer_busy', mode: 'test' }) }))?.id).toBe('del_42');
      expect(await repository.findOneBy({ id: 'del_42', ...inScope({ merchantId: 'mer_other', mode: 'test' }) })).toBeNull();
      expect(await repository.findOneBy({ id: 'del_42', ...inScope({ merchantId: 'mer_busy', mode: 'live' }) })).toBeNull();
    } finally {
      await dataSource.destroy();
    }
  });

  it('moves the deliveries still as read, with their changed columns, and writes the events and hand-offs of those alone', async () => {
    const events = (ids: string[]) => ids.map((id) => `ev_${id}`);
    const { rows } = await db.query<{ id: string }>(moveTestDeliveriesSql([FAILURE_REASON]).replace(/\{schema\}/g, s), [
      ['del_10', 'del_11'],
      ['failed', 'failed'],
      [new Date(), new Date()],
      [2, 2],
      ['pending', 'driver_assigned'], // del_11 is pending: read stale, it must not move
      [1, 1],
      events(['del_10', 'del_11']),
      ['del_10', 'del_11'],
      [2, 2],
      ['delivery.failed', 'delivery.failed'],
      ['{"status":"failed"}', '{"status":"failed"}'],
      [new Date(), new Date()],
      [WEBHOOK, PAYMENT, WEBHOOK, PAYMENT],
      ['ev_del_10', 'ev_del_10', 'ev_del_11', 'ev_del_11'],
      ['del_10', 'del_10', 'del_11', 'del_11'],
      [2, 2, 2, 2],
      ['courier_unavailable', 'courier_unavailable'],
    ]);
    expect(rows).toEqual([{ id: 'del_10' }]);
    const moved = await db.query(`SELECT id, status, event_sequence, failure_reason FROM ${s}.deliveries WHERE id IN ('del_10', 'del_11') ORDER BY id`);
    expect(moved.rows).toEqual([
      { id: 'del_10', status: 'failed', event_sequence: 2, failure_reason: 'courier_unavailable' },
      { id: 'del_11', status: 'pending', event_sequence: 1, failure_reason: null },
    ]);
    const written = await db.query(`SELECT id, delivery_id, sequence, type FROM ${s}.outbox_events ORDER BY id`);
    expect(written.rows).toEqual([{ id: 'ev_del_10', delivery_id: 'del_10', sequence: 2, type: 'delivery.failed' }]);
    const handoffs = await db.query(`SELECT subscriber, event_id FROM ${s}.outbox_handoffs ORDER BY subscriber`);
    expect(handoffs.rows).toEqual(
      [
        { subscriber: PAYMENT, event_id: 'ev_del_10' },
        { subscriber: WEBHOOK, event_id: 'ev_del_10' },
      ].sort((a, b) => a.subscriber.localeCompare(b.subscriber)),
    );
  });

  it('has outbox_handoffs vacuumed after a fixed number of dead rows, not a share of the table', async () => {
    const { rows } = await db.query<{ reloptions: string[] }>(
      `SELECT c.reloptions FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname = 'outbox_handoffs'`,
      [schema],
    );
    expect(rows[0].reloptions).toEqual(expect.arrayContaining(['autovacuum_vacuum_scale_factor=0', 'autovacuum_vacuum_threshold=10000']));
  });

  it('finds the live deliveries to start matching through deliveries_live_to_match_idx, not by reading every delivery, even as a generic plan', async () => {
    await db.query(`PREPARE start_matching(timestamptz, text) AS ${startMatchingSql().replace(/\{schema\}/g, s)}`);
    await db.query(`ANALYZE ${s}.deliveries`);
    await db.query('BEGIN');
    try {
      const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) EXECUTE start_matching(now(), 'pending')`);
      const plan = JSON.stringify(rows[0]['QUERY PLAN']);
      expect(plan).toContain('"Index Name":"deliveries_live_to_match_idx"');
      expect(plan).not.toContain('"Node Type":"Seq Scan"');
    } finally {
      await db.query('ROLLBACK');
    }
  });
});
