import { runMigrations } from '@sdd/persistence';
import { migrationSandbox } from '@sdd/testing';
import { MIGRATIONS } from '../src/database';

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };
const indexesOf = (node: PlanNode): string[] => [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(indexesOf)];

/** An endpoint's latest failures are found among its failures, not among the day's attempts (migration 1766001900000). */
describe('the index of failed attempts (real Postgres)', () => {
  const sandbox = migrationSandbox('whfailures');
  const { s, pg, options } = sandbox;

  beforeAll(sandbox.open);
  afterAll(sandbox.close);

  it('is built (valid) by the migrations, and the latest-failures read of an endpoint with 20,000 successes that day goes through it alone', async () => {
    expect(await runMigrations(options(MIGRATIONS))).toContain('IndexEndpointFailures1766001900000');
    const { rows: built } = await pg.query<{ valid: boolean; definition: string }>(
      `SELECT i.indisvalid AS valid, pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname = 'attempts_endpoint_failed_idx'`,
      [sandbox.schema],
    );
    expect(built).toEqual([{ valid: true, definition: expect.stringMatching(/\(endpoint_id, created_at, id\) WHERE \(NOT succeeded\)$/) as string }]);

    // Rows for the planner only: the foreign keys' parents (endpoint, event, destination) do not matter to it.
    await pg.query('BEGIN');
    await pg.query(`SET LOCAL session_replication_role = replica`);
    await pg.query(
      `INSERT INTO ${s}.attempts (id, event_id, endpoint_id, trigger, succeeded, duration_ms, created_at)
       SELECT 'att_' || g, 'evt_' || g, CASE WHEN g % 10 = 0 THEN 'we_other' ELSE 'we_busy' END, 'resend', g % 5000 <> 7, 20, now() - make_interval(secs => g)
       FROM generate_series(1, 22000) g`,
    );
    await pg.query('COMMIT');
    await pg.query(`ANALYZE ${s}.attempts`);

    const read = `SELECT * FROM ${s}.attempts WHERE endpoint_id = $1 AND created_at >= $2 AND NOT succeeded ORDER BY created_at DESC, id DESC LIMIT $3`;
    const params = ['we_busy', new Date(Date.now() - 86_400_000), 10];
    const { rows: plan } = await pg.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (FORMAT JSON) ${read}`, params);
    expect(indexesOf(plan[0]['QUERY PLAN'][0].Plan)).toEqual(['attempts_endpoint_failed_idx']);
    const { rows: failures } = await pg.query<{ id: string }>(read, params);
    expect(failures.map((row) => row.id)).toEqual(['att_7', 'att_5007', 'att_10007', 'att_15007', 'att_20007']);
  });
});
