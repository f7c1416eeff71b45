import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateDeliveries1763800300000 implements MigrationInterface {
  name = 'CreateDeliveries1763800300000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`
      CREATE TABLE "${schema}".deliveries (
        id text PRIMARY KEY,
        merchant_id text NOT NULL,
        mode text NOT NULL CHECK (mode IN ('test', 'live')),
        status text NOT NULL,
        quote_id text NOT NULL UNIQUE,
        order_id text,
        fee integer NOT NULL,
        currency text NOT NULL,
        category text NOT NULL,
        external_reference text,
        description text,
        metadata jsonb NOT NULL DEFAULT '{}',
        dropoff_notes text,
        pickup jsonb NOT NULL,
        dropoff jsonb NOT NULL,
        customer jsonb NOT NULL,
        tracking_token text NOT NULL UNIQUE,
        simulated_timeline jsonb,
        scheduled_at timestamptz,
        event_sequence integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    // Keyset pagination, newest first, within one merchant and mode.
    await runner.query(`CREATE INDEX deliveries_list_idx ON "${schema}".deliveries (merchant_id, mode, created_at DESC, id DESC)`);
    await runner.query(`
      CREATE TABLE "${schema}".outbox_events (
        id text PRIMARY KEY,
        delivery_id text NOT NULL REFERENCES "${schema}".deliveries (id),
        sequence integer NOT NULL,
        type text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        published_at timestamptz,
        UNIQUE (delivery_id, sequence)
      )`);
    await runner.query(`CREATE INDEX outbox_unpublished_idx ON "${schema}".outbox_events (created_at, delivery_id, sequence) WHERE published_at IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`DROP TABLE "${schema}".outbox_events`);
    await runner.query(`DROP TABLE "${schema}".deliveries`);
  }
}
