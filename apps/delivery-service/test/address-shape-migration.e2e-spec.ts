import { MigrationInterface } from 'typeorm';
import { runMigrations } from '@sdd/persistence';
import { presentAddress, presentDeliveryStop } from '@sdd/public-api';
import { migrationSandbox } from '@sdd/testing';
import type { DeliveryStopRecord, PostalAddress } from '@sdd/contracts';
import { MIGRATIONS } from '../src/database';

type Migration = new () => MigrationInterface;

/** Addresses stored before the one internal shape are renamed in place, and read back as the API showed them. */
describe('one address shape migrations (real Postgres)', () => {
  const sandbox = migrationSandbox('addrmigrate');
  const { s, pg, options } = sandbox;
  const newOnes = ['OneAddressShape1765000100010', 'OneLocationAddressShape1765000100020'];
  // The schema as it was before them: later migrations (columns the old rows below do not fill) run after, as in production.
  const before = MIGRATIONS.slice(
    0,
    MIGRATIONS.findIndex((migration: Migration) => newOnes.includes(new migration().name ?? '')),
  );

  beforeAll(sandbox.open);
  afterAll(sandbox.close);

  const oldStop = { address: '1 Queen St E', city: 'Toronto', state: 'ON', postalCode: null, country: 'CA', lat: 43.65, lng: -79.38, name: 'Ada', phone: '+14165550199' };
  const oldAddress = { street: '1 Queen St E', city: 'Toronto', province: 'ON', postal_code: 'M5C 2W5', country: 'CA' };

  it('renames the stored keys, keeps values (null included), and presents them as before', async () => {
    await runMigrations(options(before));
    await pg.query(`INSERT INTO ${s}.pickup_locations (id, merchant_id, mode, name, address, phone) VALUES ('loc_old', 'mer_1', 'test', 'Old', $1, '+14165550100')`, [
      JSON.stringify(oldAddress),
    ]);
    await pg.query(
      `INSERT INTO ${s}.deliveries (id, merchant_id, mode, status, quote_id, fee, currency, category, pickup, dropoff, customer, tracking_token, created_at, updated_at)
       VALUES ('del_test_old', 'mer_1', 'test', 'created', 'qt_old', 900, 'cad', 'standard', $1, $1, '{"name":"Ada","email":null}', 'tok_old', now(), now())`,
      [JSON.stringify(oldStop)],
    );

    expect((await runMigrations(options(MIGRATIONS))).slice(0, newOnes.length)).toEqual(newOnes);

    const location = (await pg.query<{ address: PostalAddress }>(`SELECT address FROM ${s}.pickup_locations WHERE id = 'loc_old'`)).rows[0];
    expect(location.address).toStrictEqual({ street: '1 Queen St E', city: 'Toronto', province: 'ON', postalCode: 'M5C 2W5', country: 'CA' });
    expect(presentAddress(location.address)).toStrictEqual(oldAddress);

    const delivery = (await pg.query<{ pickup: DeliveryStopRecord; dropoff: DeliveryStopRecord }>(`SELECT pickup, dropoff FROM ${s}.deliveries WHERE id = 'del_test_old'`)).rows[0];
    expect(delivery.pickup).toStrictEqual({
      street: '1 Queen St E',
      city: 'Toronto',
      province: 'ON',
      postalCode: null,
      country: 'CA',
      lat: 43.65,
      lng: -79.38,
      name: 'Ada',
      phone: '+14165550199',
    });
    expect(presentDeliveryStop(delivery.dropoff)).toStrictEqual(oldStop);
  });

  it('puts the old keys back on the way down, and a second run up changes nothing twice', async () => {
    const byName = new Map(MIGRATIONS.map((migration: Migration) => [new migration().name ?? '', new migration()]));
    const runner = { connection: { driver: { schema: sandbox.schema } }, query: (sql: string) => pg.query(sql) } as never;
    await byName.get('OneLocationAddressShape1765000100020')?.down(runner);
    expect((await pg.query(`SELECT address FROM ${s}.pickup_locations WHERE id = 'loc_old'`)).rows[0].address).toStrictEqual(oldAddress);
    await byName.get('OneLocationAddressShape1765000100020')?.up(runner);
    await byName.get('OneLocationAddressShape1765000100020')?.up(runner);
    expect((await pg.query(`SELECT address FROM ${s}.pickup_locations WHERE id = 'loc_old'`)).rows[0].address).toMatchObject({ postalCode: 'M5C 2W5' });
  });
});
