import { runMigrations } from '@sdd/persistence';
import { migrationSandbox } from '@sdd/testing';
import { CreateEndpoints1763800600000 } from '../src/migrations/1763800600000-create-endpoints';
import { CreateEvents1763800700000 } from '../src/migrations/1763800700000-create-events';
import { AddEventSequence1764001500000 } from '../src/migrations/1764001500000-add-event-sequence';

/** Events stored before `sequence` existed get the number the outbox had given them. */
describe('event sequence migration (real Postgres)', () => {
  const sandbox = migrationSandbox('whmigrate');
  const { s, pg, options } = sandbox;

  beforeAll(sandbox.open);
  afterAll(sandbox.close);

  it('numbers each delivery’s stored events in transition order, appends it as the last key, and gives webhook.test 0', async () => {
    await runMigrations(options([CreateEndpoints1763800600000, CreateEvents1763800700000]));
    const body = (id: string, type: string, deliveryId: string | null) =>
      JSON.stringify({ id, type, created_at: '2026-11-20T10:00:00.000Z', data: deliveryId ? { id: deliveryId, mode: 'test' } : { webhook_id: 'wh_1' } });
    const events: Array<[string, string, string, string | null, string]> = [
      // del_a: walked through at once (one instant), stored in a shuffled order
      ['evt_a3', 'mer_1', 'delivery.picked_up', 'del_a', '2026-11-20T10:00:05Z'],
      ['evt_a5', 'mer_1', 'delivery.delivered', 'del_a', '2026-11-20T10:00:05Z'],
      ['evt_a1', 'mer_1', 'delivery.created', 'del_a', '2026-11-20T10:00:00Z'],
      ['evt_a4', 'mer_1', 'delivery.in_transit', 'del_a', '2026-11-20T10:00:05Z'],
      ['evt_a2', 'mer_1', 'delivery.driver_assigned', 'del_a', '2026-11-20T10:00:05Z'],
      // del_b: created then cancelled; another merchant's delivery is numbered on its own
      ['evt_b2', 'mer_1', 'delivery.cancelled', 'del_b', '2026-11-20T10:01:00Z'],
      ['evt_b1', 'mer_1', 'delivery.created', 'del_b', '2026-11-20T10:00:30Z'],
      ['evt_c1', 'mer_2', 'delivery.created', 'del_c', '2026-11-20T10:00:00Z'],
      ['evt_t', 'mer_1', 'webhook.test', null, '2026-11-20T09:00:00Z'],
    ];
    for (const [id, merchant, type, deliveryId, at] of events) {
      await pg.query(`INSERT INTO ${s}.events (id, merchant_id, mode, type, delivery_id, body, created_at) VALUES ($1, $2, 'test', $3, $4, $5, $6)`, [
        id,
        merchant,
        type,
        deliveryId,
        body(id, type, deliveryId),
        at,
      ]);
    }
    const already = JSON.stringify({ id: 'evt_d1', type: 'delivery.created', created_at: '2026-11-20T10:00:00.000Z', data: { id: 'del_d' }, sequence: 7 });
    await pg.query(
      `INSERT INTO ${s}.events (id, merchant_id, mode, type, delivery_id, body, created_at) VALUES ('evt_d1', 'mer_1', 'test', 'delivery.created', 'del_d', $1, now())`,
      [already],
    );

    const migrate = () => runMigrations(options([CreateEndpoints1763800600000, CreateEvents1763800700000, AddEventSequence1764001500000]));
    expect(await migrate()).toEqual(['AddEventSequence1764001500000']);

    const { rows } = await pg.query<{ id: string; body: string }>(`SELECT id, body FROM ${s}.events ORDER BY id`);
    const stored = Object.fromEntries(rows.map((row) => [row.id, row.body]));
    const sequences = Object.fromEntries(rows.map((row) => [row.id, (JSON.parse(row.body) as { sequence: number }).sequence]));
    expect(sequences).toEqual({ evt_a1: 1, evt_a2: 2, evt_a3: 3, evt_a4: 4, evt_a5: 5, evt_b1: 1, evt_b2: 2, evt_c1: 1, evt_d1: 7, evt_t: 0 });
    expect(Object.keys(JSON.parse(stored.evt_a3) as object)).toEqual(['id', 'type', 'created_at', 'data', 'sequence']);
    expect(stored.evt_a3).toBe(`${body('evt_a3', 'delivery.picked_up', 'del_a').slice(0, -1)},"sequence":3}`);
    expect(stored.evt_d1).toBe(already);
  });
});
