import { MigrationInterface } from 'typeorm';
import { runMigrations } from '@sdd/persistence';
import { migrationSandbox } from '@sdd/testing';
import { MIGRATIONS } from '../src/database';

type Migration = new () => MigrationInterface;

/** Quotes priced before breakdowns were kept get their whole fee as one `unitemized` part: still summing to the fee, and the column required from then on. */
describe('quote fee breakdown migration (real Postgres)', () => {
  const sandbox = migrationSandbox('feebreakdown');
  const { s, pg, options } = sandbox;
  const added = 'AddQuoteFeeBreakdown1766001000000';
  const before = MIGRATIONS.slice(
    0,
    MIGRATIONS.findIndex((migration: Migration) => new migration().name === added),
  );

  beforeAll(sandbox.open);
  afterAll(sandbox.close);

  it('itemises an older quote as unitemized, its fee, and refuses a quote without a breakdown after', async () => {
    await runMigrations(options(before));
    const insert = (id: string, fee: number) =>
      pg.query(
        `INSERT INTO ${s}.quotes (id, merchant_id, mode, fee, currency, eta_minutes, distance_km, package_size, vehicle, category, pickup, dropoff, expires_at)
         VALUES ($1, 'mer_1', 'test', $2, 'cad', 30, 4.2, 'small', 'car', 'standard', '{}', '{}', now())`,
        [id, fee],
      );
    await insert('qt_old', 1249);

    expect(await runMigrations(options(MIGRATIONS))).toContain(added);
    const rows = await pg.query(`SELECT id, fee_breakdown FROM ${s}.quotes`);
    expect(rows.rows).toEqual([{ id: 'qt_old', fee_breakdown: [{ code: 'unitemized', amount: 1249 }] }]);
    await expect(insert('qt_new', 900)).rejects.toThrow('null value in column "fee_breakdown"');
  });
});
