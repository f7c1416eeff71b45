import { Client } from 'pg';
import { runMigrations } from '@sdd/persistence';
import { testEnv, uniquePrefix } from '@sdd/testing';
import { MIGRATIONS } from '../src/database';
import { claimFreeQuoteSql } from '../src/quotes/claim-quote.handler';
import { CONFIRM_CLAIMS } from '../src/quotes/confirm-created-deliveries.handler';

/**
 * The hot statements that find a quote by its id must use the primary key
 * even while the table has no statistics (a new deployment's first minute,
 * before autovacuum's first ANALYZE): one merchant's 5,000 quotes, autovacuum
 * off for the table, the generic plan pg caches for a prepared statement.
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
      `INSERT INTO "${schema}".quotes (id, merchant_id, mode, fee, currency, eta_minutes, distance_km, package_size, vehicle, category, pickup, dropoff, expires_at)
       SELECT 'qt_' || n, 'mer_busy', 'test', 900, 'cad', 30, 4.2, 'small', 'car', 'standard', '{}', '{}', now() + interval '15 minutes'
       FROM generate_series(1, 5000) AS n`,
    );
    await db.query(`SET plan_cache_mode = force_generic_plan`);
  }, 60_000);

  afterAll(async () => {
    await db?.query(`DROP SCHEMA "${schema}" CASCADE`);
    await db?.end();
  });

  it('claims through quotes_pkey, never the merchant scope index', async () => {
    const plan = await planOf(
      claimFreeQuoteSql('id'),
      ['text', 'text', 'text', 'timestamptz', 'text', 'timestamptz', 'text', 'boolean', 'text[]', 'timestamptz'],
      `'qt_42', 'mer_busy', 'test', now(), 'del_1', now(), NULL, false, ARRAY['alcohol'], NULL`,
    );
    expect(plan).toContain('"Index Name":"quotes_pkey"');
    expect(plan).not.toContain('quotes_scope_idx');
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
