import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An event counts as handed over only once each subscriber has acknowledged
 * it: one row per (subscriber, event), open until the acknowledgement. Events
 * the old relay had published count as acknowledged by the webhook
 * dispatcher, then the only subscriber; unpublished ones wait for it.
 */
export class AcknowledgeOutboxPerSubscriber1763900000000 implements MigrationInterface {
  name = 'AcknowledgeOutboxPerSubscriber1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`
      CREATE TABLE "${schema}".outbox_handoffs (
        subscriber text NOT NULL,
        event_id text NOT NULL REFERENCES "${schema}".outbox_events (id),
        created_at timestamptz NOT NULL,
        delivery_id text NOT NULL,
        sequence integer NOT NULL,
        acknowledged_at timestamptz,
        PRIMARY KEY (subscriber, event_id)
      )`);
    // What the relay offers next, in event order, per subscriber.
    await runner.query(
      `CREATE INDEX outbox_handoffs_waiting_idx ON "${schema}".outbox_handoffs (subscriber, created_at, delivery_id, sequence)
       WHERE acknowledged_at IS NULL`,
    );
    await runner.query(
      `INSERT INTO "${schema}".outbox_handoffs (subscriber, event_id, created_at, delivery_id, sequence, acknowledged_at)
       SELECT 'webhook-dispatcher', id, created_at, delivery_id, sequence, published_at FROM "${schema}".outbox_events`,
    );
    await runner.query(`ALTER TABLE "${schema}".outbox_events DROP COLUMN published_at`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`ALTER TABLE "${schema}".outbox_events ADD COLUMN published_at timestamptz`);
    await runner.query(
      `UPDATE "${schema}".outbox_events e SET published_at = h.acknowledged_at
       FROM "${schema}".outbox_handoffs h WHERE h.event_id = e.id AND h.subscriber = 'webhook-dispatcher'`,
    );
    await runner.query(`CREATE INDEX outbox_unpublished_idx ON "${schema}".outbox_events (created_at, delivery_id, sequence) WHERE published_at IS NULL`);
    await runner.query(`DROP TABLE "${schema}".outbox_handoffs`);
  }
}
