import { Client, Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { EVENT_SUBSCRIPTIONS, EventType } from '@sdd/contracts';
import { AppError, runWithRequestContext } from '@sdd/common';
import { dataSourceOptions, runMigrations } from '@sdd/persistence';
import { testEnv, uniquePrefix } from '@sdd/testing';
import { MIGRATIONS } from '../src/database';
import { DeliveryEntity } from '../src/deliveries/delivery.entity';
import { deliverySnapshot } from '../src/deliveries/delivery.record';
import { DeliveryStatusRepository } from '../src/lifecycle/delivery-status.repository';
import { NotificationRepository } from '../src/notifications/notification.repository';
import { nextEvent, OutboxRepository } from '../src/outbox/outbox.repository';
import { OutboxEventEntity } from '../src/outbox/outbox-event.entity';
import { testDelivery } from './delivery.fixture';

const BASE_URL = 'https://api.example.test';
const SUBSCRIBERS = EVENT_SUBSCRIPTIONS[EventType.DeliveryCreated].length;

function newDelivery(id: string): { delivery: DeliveryEntity; event: OutboxEventEntity } {
  const now = new Date();
  const delivery = testDelivery({
    id,
    merchantId: 'mer_insert',
    quoteId: `qt_${id}`,
    metadata: { order: id, note: 'quotes " and \\ backslashes, {braces}' },
    trackingToken: `tok_${id}`,
    simulatedTimeline: [],
    eventSequence: 0,
    createdAt: now,
    updatedAt: now,
  });
  const event = nextEvent(delivery, EventType.DeliveryCreated, deliverySnapshot(delivery, BASE_URL), now);
  return { delivery, event };
}

/**
 * The creations' write on real Postgres: deliveries created in the same
 * moment go in one statement with their first events and hand-offs; one that
 * cannot be written (its id taken) fails alone, the others are written; one
 * whose caller stopped waiting is not written at all.
 */
describe('DeliveryStatusRepository.insert (real Postgres)', () => {
  const { databaseUrl } = testEnv();
  const schema = uniquePrefix('insertdeliveries');
  let dataSource: DataSource;
  let db: Client;
  let statement: DeliveryStatusRepository;
  /** The names of the statements sent since the test began: which way the rows went. */
  let sent: jest.SpyInstance;
  const statementsSent = () => sent.mock.calls.map(([query]) => (query as { name?: string }).name);

  const countOf = async (table: string, ids: string[]) =>
    Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}".${table} WHERE ${table === 'deliveries' ? 'id' : 'delivery_id'} = ANY($1)`, [ids])).rows[0].n);

  beforeAll(async () => {
    await runMigrations({ url: databaseUrl, schema, applicationName: 'insert-deliveries-test', migrations: MIGRATIONS });
    dataSource = new DataSource(dataSourceOptions({ url: databaseUrl, schema, applicationName: 'insert-deliveries-test', entities: [DeliveryEntity, OutboxEventEntity] }));
    await dataSource.initialize();
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    statement = new DeliveryStatusRepository(dataSource, new OutboxRepository(dataSource), new NotificationRepository(dataSource));
  }, 60_000);

  beforeEach(() => {
    sent = jest.spyOn((dataSource.driver as PostgresDriver).master as Pool, 'query');
  });

  afterEach(() => sent.mockRestore());

  afterAll(async () => {
    await db?.query(`DROP SCHEMA "${schema}" CASCADE`);
    await db?.end();
    await dataSource?.destroy();
  });

  it('writes deliveries created together with their events and hand-offs, JSON intact', async () => {
    const rows = ['del_b3', 'del_a1', 'del_c2', 'del_a9', 'del_b0'].map(newDelivery);
    await Promise.all(rows.map(({ delivery, event }) => statement.insert(delivery, event)));
    expect(statementsSent()).toEqual(['insert-deliveries']);
    const ids = rows.map(({ delivery }) => delivery.id);
    expect(await countOf('deliveries', ids)).toBe(5);
    expect(await countOf('outbox_events', ids)).toBe(5);
    expect(await countOf('outbox_handoffs', ids)).toBe(5 * SUBSCRIBERS);
    const { rows: stored } = await db.query<{ id: string; metadata: unknown; sequence: number; type: string }>(
      `SELECT d.id, d.metadata, e.sequence, e.type FROM "${schema}".deliveries d JOIN "${schema}".outbox_events e ON e.delivery_id = d.id WHERE d.id = 'del_c2'`,
    );
    expect(stored).toEqual([{ id: 'del_c2', metadata: { order: 'del_c2', note: 'quotes " and \\ backslashes, {braces}' }, sequence: 1, type: EventType.DeliveryCreated }]);
  });

  it('fails only the delivery that cannot be written, and writes the others of its batch', async () => {
    const taken = newDelivery('del_taken');
    await statement.insert(taken.delivery, taken.event);
    const rows = ['del_d1', 'del_taken', 'del_d2'].map(newDelivery);
    sent.mockClear();
    const outcomes = await Promise.allSettled(rows.map(({ delivery, event }) => statement.insert(delivery, event)));
    expect(statementsSent()).toEqual(['insert-deliveries', 'insert-delivery', 'insert-delivery', 'insert-delivery']);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(((outcomes[1] as PromiseRejectedResult).reason as { code?: string }).code).toBe('23505');
    expect(await countOf('deliveries', ['del_d1', 'del_d2'])).toBe(2);
    expect(await countOf('outbox_events', ['del_d1', 'del_d2', 'del_taken'])).toBe(3);
  });

  it('refuses a second delivery of a quote within its merchant, by a unique index that holds the merchant (docs/scaling.md)', async () => {
    const first = newDelivery('del_quote_first');
    await statement.insert(first.delivery, first.event);
    const again = newDelivery('del_quote_again');
    again.delivery.quoteId = first.delivery.quoteId;
    const refused = (await statement.insert(again.delivery, again.event).catch((error: unknown) => error)) as { code?: string; constraint?: string };
    expect([refused.code, refused.constraint]).toEqual(['23505', 'deliveries_merchant_quote_key']);
    expect(await countOf('deliveries', ['del_quote_again'])).toBe(0);
    const { rows } = await db.query<{ name: string; columns: string[] }>(
      `SELECT i.relname AS name, array_agg(a.attname::text ORDER BY k.ord) AS columns
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
         CROSS JOIN LATERAL unnest(x.indkey) WITH ORDINALITY AS k(attnum, ord) JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
        WHERE n.nspname = $1 AND t.relname = 'deliveries' AND x.indisunique AND NOT x.indisprimary GROUP BY i.relname ORDER BY i.relname`,
      [schema],
    );
    // The tracking token is looked up alone (the public tracking page knows no merchant): listed in docs/scaling.md as not yet.
    expect(rows).toEqual([
      { name: 'deliveries_idempotency_key_idx', columns: ['merchant_id', 'mode', 'idempotency_key'] },
      { name: 'deliveries_merchant_quote_key', columns: ['merchant_id', 'quote_id'] },
      { name: 'deliveries_tracking_token_key', columns: ['tracking_token'] },
    ]);
  });

  it('does not write a delivery whose caller stopped waiting, and answers 503 for it alone', async () => {
    const [late, onTime] = ['del_late', 'del_on_time'].map(newDelivery);
    const outcomes = await Promise.allSettled([
      runWithRequestContext({ requestId: 'req_late', deadline: Date.now() - 1 }, () => statement.insert(late.delivery, late.event)),
      runWithRequestContext({ requestId: 'req_on_time', deadline: Date.now() + 60_000 }, () => statement.insert(onTime.delivery, onTime.event)),
    ]);
    expect(outcomes[0].status).toBe('rejected');
    expect((outcomes[0] as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
    expect(((outcomes[0] as PromiseRejectedResult).reason as AppError).status).toBe(503);
    expect(outcomes[1].status).toBe('fulfilled');
    expect(await countOf('deliveries', ['del_late'])).toBe(0);
    expect(await countOf('deliveries', ['del_on_time'])).toBe(1);
  });
});
