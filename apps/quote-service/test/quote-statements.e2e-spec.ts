import { Client } from 'pg';
import { runMigrations } from '@sdd/persistence';
import { testEnv, uniquePrefix } from '@sdd/testing';
import { MIGRATIONS } from '../src/database';
import { claimFreeQuotesSql } from '../src/quotes/claim-quote.handler';
import { CONFIRM_CLAIMS } from '../src/quotes/confirm-created-deliveries.handler';

/**
 * The hot statements that find a quote by its id must use the primary key
 * even while the table has no statistics (a new deployment's first minute,
 * before autovacuum's first ANALYZE): one merchant's 5,000 quotes, autovacuum
 * off for the table, the generic plan pg caches for a prepared statement.
 * The scope index they once chose instead is gone (nothing reads quotes by
 * merchant); the plans are still checked against it, should it come back.
 */
describe('quote statements find a quote by its primary key (real Postgres, no statistics)', () => {
  const { databaseUrl } = testEnv();
  const schema = uniquePrefix('quoteplans');
  let db: Client;

  async function planOf(text: string, parameterTypes: string[], values: string): Promise<string> {
    const name = `plan_${Math.random().toString(36).slice(2)}`;
    await db.query(`PREPARE ${name}(${parameterTypes.join(', ')}) AS ${text.replace(/\{schema\}/g, `"${schema}"`)}`);
    await db.query('BEGIN');
    try {
      const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) EXECUTE ${name}(${values})`);
      return JSON.stringify(rows[0]['QUERY PLAN']);
    } finally {
      await db.query('ROLLBACK');
    }
  }

  beforeAll(async () => {
    await runMigrations({ url: databaseUrl, schema, applicationName: 'quote-plans-test', migrations: MIGRATIONS });
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(`ALTER TABLE "${schema}".quotes SET (autovacuum_enabled = false)`);
    await db.query(
      `INSERT INTO "${schema}".quotes (id, merchant_id, mode, fee, fee_breakdown, currency, eta_minutes, distance_km, package_size, vehicle, category, pickup, dropoff, expires_at)
       SELECT 'qt_' || n, 'mer_busy', 'test', 900, '[{"code": "unitemized", "amount": 900}]', 'cad', 30, 4.2, 'small', 'car', 'standard', '{}', '{}', now() + interval '15 minutes'
       FROM generate_series(1, 5000) AS n`,
    );
    await db.query(`SET plan_cache_mode = force_generic_plan`);
  }, 60_000);

  afterAll(async () => {
    await db?.query(`DROP SCHEMA "${schema}" CASCADE`);
    await db?.end();
  });

  it('claims a batch through quotes_pkey, never the merchant scope index', async () => {
    const plan = await planOf(
      claimFreeQuotesSql('q.id'),
      ['timestamptz', 'timestamptz', 'text[]', 'text[]', 'text[]', 'text[]', 'text[]', 'boolean[]', 'timestamptz[]', 'text[]'],
      `now(), now(), ARRAY['qt_42', 'qt_43'], ARRAY['mer_busy', 'mer_busy'], ARRAY['test', 'test'], ARRAY['del_1', 'del_2'], ARRAY[NULL, 'standard'],
       ARRAY[true, false], ARRAY[NULL, now() + interval '1 minute']::timestamptz[], ARRAY['alcohol']`,
    );
    expect(plan).toContain('"Index Name":"quotes_pkey"');
    expect(plan).not.toContain('quotes_scope_idx');
  });

  it('claims, of a batch, the free quotes whose own checks pass, each for its own claimant', async () => {
    await db.query(
      `INSERT INTO "${schema}".quotes (id, merchant_id, mode, fee, fee_breakdown, currency, eta_minutes, distance_km, package_size, vehicle, category, pickup, dropoff, expires_at)
       VALUES ('qt_free', 'mer_a', 'test', 900, '[{"code": "unitemized", "amount": 900}]', 'cad', 30, 4.2, 'small', 'car', 'standard', '{}', '{}', now() + interval '15 minutes'),
              ('qt_free2', 'mer_a', 'test', 900, '[{"code": "unitemized", "amount": 900}]', 'cad', 30, 4.2, 'small', 'car', 'standard', '{}', '{}', now() + interval '15 minutes'),
              ('qt_expired', 'mer_a', 'test', 900, '[{"code": "unitemized", "amount": 900}]', 'cad', 30, 4.2, 'small', 'car', 'standard', '{}', '{}', now() - interval '1 minute'),
              ('qt_alcohol', 'mer_a', 'test', 900, '[{"code": "unitemized", "amount": 900}]', 'cad', 30, 4.2, 'small', 'car', 'alcohol', '{}', '{}', now() + interval '15 minutes'),
              ('qt_late', 'mer_a', 'test', 900, '[{"code": "unitemized", "amount": 900}]', 'cad', 30, 4.2, 'small', 'car', 'standard', '{}', '{}', now() + interval '15 minutes'),
              ('qt_theirs', 'mer_b', 'test', 900, '[{"code": "unitemized", "amount": 900}]', 'cad', 30, 4.2, 'small', 'car', 'standard', '{}', '{}', now() + interval '15 minutes')`,
    );
    const claims = [
      ['qt_free', 'del_1', null, false, null],
      ['qt_expired', 'del_2', null, false, null],
      ['qt_alcohol', 'del_3', null, true, null],
      ['qt_late', 'del_4', null, false, new Date(Date.now() - 1000)],
      ['qt_theirs', 'del_5', null, false, null],
      ['qt_free2', 'del_6', 'food', false, null],
    ] as const;
    const { rows } = await db.query<{ id: string; claimed_by: string }>(claimFreeQuotesSql('q.id, q.claimed_by').replace(/\{schema\}/g, `"${schema}"`), [
      new Date(),
      new Date(Date.now() + 60_000),
      claims.map((c) => c[0]),
      claims.map(() => 'mer_a'),
      claims.map(() => 'test'),
      claims.map((c) => c[1]),
      claims.map((c) => c[2]),
      claims.map((c) => c[3]),
      claims.map((c) => c[4]),
      ['alcohol'],
    ]);
    expect(rows).toEqual([{ id: 'qt_free', claimed_by: 'del_1' }]);
  });

  it('keeps no index of quotes by merchant: every quote written would pay for an entry nothing reads', async () => {
    const { rows } = await db.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = 'quotes' ORDER BY indexname`, [schema]);
    expect(rows.map((row) => row.indexname)).toEqual(['quotes_pkey', 'quotes_unconfirmed_claims_idx']);
  });

  it('confirms a batch through quotes_pkey, never the merchant scope index', async () => {
    const plan = await planOf(
      CONFIRM_CLAIMS,
      ['text[]', 'text[]', 'text[]', 'text[]', 'timestamptz'],
      `ARRAY['qt_1', 'qt_2'], ARRAY['mer_busy', 'mer_busy'], ARRAY['test', 'test'], ARRAY['del_1', 'del_2'], now()`,
    );
    expect(plan).toContain('"Index Name":"quotes_pkey"');
    expect(plan).not.toContain('quotes_scope_idx');
  });
});
