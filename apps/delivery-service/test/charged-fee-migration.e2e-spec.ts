import { MigrationInterface } from 'typeorm';
import { runMigrations } from '@sdd/persistence';
import { migrationSandbox } from '@sdd/testing';
import { MIGRATIONS } from '../src/database';

type Migration = new () => MigrationInterface;

/** Deliveries made before reroutes were measured from the customer's charge get that charge and their reroute count from what is stored. */
describe('charged fee and reroute count migration (real Postgres)', () => {
  const sandbox = migrationSandbox('chargedfee');
  const { s, pg, options } = sandbox;
  const added = 'AddDeliveryChargedFeeAndRerouteCount1765510000000';
  const before = MIGRATIONS.slice(
    0,
    MIGRATIONS.findIndex((migration: Migration) => new migration().name === added),
  );

  beforeAll(sandbox.open);
  afterAll(sandbox.close);

  async function oldDelivery(id: string, fee: number, payment: object | null, pendingReroute: object | null, events: Array<{ type: string; fee: number }>): Promise<void> {
    await pg.query(
      `INSERT INTO ${s}.deliveries (id, merchant_id, mode, status, quote_id, fee, currency, category, pickup, dropoff, customer, tracking_token, payment, pending_reroute, created_at, updated_at)
       VALUES ($1, 'mer_1', 'live', 'pending', 'qt_' || $1, $2, 'cad', 'standard', '{}', '{}', '{"name":"Ada"}', 'tok_' || $1, $3, $4, now(), now())`,
      [id, fee, payment && JSON.stringify(payment), pendingReroute && JSON.stringify(pendingReroute)],
    );
    for (const [index, event] of events.entries()) {
      await pg.query(`INSERT INTO ${s}.outbox_events (id, delivery_id, sequence, type, payload, created_at) VALUES ($1, $2, $3, $4, $5, now())`, [
        `evt_${id}_${index}`,
        id,
        index + 1,
        event.type,
        JSON.stringify({ id, fee: event.fee }),
      ]);
    }
  }

  it("takes the checkout's delivery fee, else the fee at creation, else the fee; counts recorded and waiting reroutes", async () => {
    await runMigrations(options(before));
    await oldDelivery('del_paid', 1500, { status: 'paid', amountCharged: 5400, itemsSubtotal: 4000 }, { fee: 1550 }, [
      { type: 'delivery.created', fee: 1450 },
      { type: 'delivery.reroute_accepted', fee: 1500 },
      { type: 'delivery.reroute_declined', fee: 1500 },
    ]);
    await oldDelivery('del_unpaid', 1100, null, null, [
      { type: 'delivery.created', fee: 1000 },
      { type: 'delivery.reroute_accepted', fee: 1100 },
    ]);
    await oldDelivery('del_bare', 900, null, null, []);

    expect(await runMigrations(options(MIGRATIONS))).toContain(added);
    const rows = await pg.query(`SELECT id, charged_fee, reroute_count FROM ${s}.deliveries ORDER BY id`);
    expect(rows.rows).toEqual([
      { id: 'del_bare', charged_fee: 900, reroute_count: 0 },
      { id: 'del_paid', charged_fee: 1400, reroute_count: 3 },
      { id: 'del_unpaid', charged_fee: 1000, reroute_count: 1 },
    ]);
  });
});
