import { DataSource } from 'typeorm';
import { dataSourceOptions, runMigrations } from '@sdd/persistence';
import { migrationSandbox } from '@sdd/testing';
import { MIGRATIONS } from '../src/database';
import { RenameMessageDestinations1764002200000 } from '../src/migrations/1764002200000-rename-message-destinations';

/** `event_deliveries` becomes `message_destinations` with its rows, keys and indexes, and back. */
describe('message destinations migration (real Postgres)', () => {
  const sandbox = migrationSandbox('whrename');
  const { schema, s, pg, options } = sandbox;
  const before = MIGRATIONS.filter((migration) => migration !== RenameMessageDestinations1764002200000);

  const namesOf = async (table: string) => {
    const { rows } = await pg.query<{ name: string }>(
      `SELECT conname AS name FROM pg_constraint WHERE conrelid = to_regclass($1)
       UNION SELECT indexname FROM pg_indexes WHERE schemaname = $2 AND tablename = $3 ORDER BY 1`,
      [`${s}.${table}`, schema, table],
    );
    return rows.map((row) => row.name);
  };

  beforeAll(sandbox.open);
  afterAll(sandbox.close);

  it('renames the table and its named objects, keeps the rows and the foreign keys, and reverts', async () => {
    expect(before).toHaveLength(MIGRATIONS.length - 1);
    await runMigrations(options(before));
    await pg.query(
      `INSERT INTO ${s}.endpoints (id, merchant_id, mode, url, events, secret_sealed, created_at) VALUES ('we_1', 'mer_1', 'test', 'https://example.com', '{*}', 'x', now())`,
    );
    await pg.query(
      `INSERT INTO ${s}.events (id, merchant_id, mode, type, delivery_id, body, created_at) VALUES ('evt_1', 'mer_1', 'test', 'delivery.created', 'del_1', '{}', now())`,
    );
    await pg.query(`INSERT INTO ${s}.event_deliveries (event_id, endpoint_id, status, attempt_count, updated_at) VALUES ('evt_1', 'we_1', 'failed', 4, now())`);
    const oldNames = await namesOf('event_deliveries');

    expect(await runMigrations(options(MIGRATIONS))).toEqual(['RenameMessageDestinations1764002200000']);

    expect(await namesOf('event_deliveries')).toEqual([]);
    expect(await namesOf('message_destinations')).toEqual(oldNames.map((name) => name.replace('event_deliveries', 'message_destinations')).sort());
    const { rows } = await pg.query(`SELECT event_id, endpoint_id, status, attempt_count, round FROM ${s}.message_destinations`);
    expect(rows).toEqual([{ event_id: 'evt_1', endpoint_id: 'we_1', status: 'failed', attempt_count: 4, round: 0 }]);
    // The attempts' foreign key follows the table: an attempt needs its destination, and goes with it.
    await expect(
      pg.query(`INSERT INTO ${s}.attempts (id, event_id, endpoint_id, trigger, succeeded, duration_ms, created_at) VALUES ('att_0', 'evt_1', 'we_none', 'resend', true, 5, now())`),
    ).rejects.toThrow(/foreign key/);
    await pg.query(
      `INSERT INTO ${s}.attempts (id, event_id, endpoint_id, trigger, succeeded, duration_ms, created_at) VALUES ('att_1', 'evt_1', 'we_1', 'resend', true, 5, now())`,
    );
    await expect(pg.query(`UPDATE ${s}.message_destinations SET status = 'lost'`)).rejects.toThrow(/message_destinations_status_check/);

    const dataSource = new DataSource(dataSourceOptions(options(MIGRATIONS)));
    await dataSource.initialize();
    const runner = dataSource.createQueryRunner();
    try {
      await new RenameMessageDestinations1764002200000().down(runner);
    } finally {
      await runner.release();
      await dataSource.destroy();
    }
    expect(await namesOf('message_destinations')).toEqual([]);
    expect(await namesOf('event_deliveries')).toEqual(oldNames);

    await pg.query(`DELETE FROM ${s}.endpoints WHERE id = 'we_1'`);
    expect((await pg.query(`SELECT count(*)::int AS n FROM ${s}.attempts`)).rows).toEqual([{ n: 0 }]);
  });
});
