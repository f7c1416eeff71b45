import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event log: each event once (with the exact body every attempt sends),
 * its delivery to each endpoint it fanned out to, and every attempt.
 */
export class CreateEvents1763800700000 implements MigrationInterface {
  name = 'CreateEvents1763800700000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`
      CREATE TABLE "${schema}".events (
        id text PRIMARY KEY,
        merchant_id text NOT NULL,
        mode text NOT NULL CHECK (mode IN ('test', 'live')),
        type text NOT NULL,
        delivery_id text,
        body text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX events_scope_idx ON "${schema}".events (merchant_id, mode, created_at DESC, id DESC)`);
    await runner.query(`CREATE INDEX events_delivery_idx ON "${schema}".events (merchant_id, mode, delivery_id, created_at DESC, id DESC) WHERE delivery_id IS NOT NULL`);
    await runner.query(`
      CREATE TABLE "${schema}".event_deliveries (
        event_id text NOT NULL REFERENCES "${schema}".events (id) ON DELETE CASCADE,
        endpoint_id text NOT NULL REFERENCES "${schema}".endpoints (id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
        attempt_count integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (event_id, endpoint_id)
      ) WITH (fillfactor = 80)`);
    // Each attempt updates its delivery row; room on the page lets Postgres keep the new
    // version on the same page.
    // For deleting an endpoint's deliveries (FK cascade). Both columns, so that a planner
    // without statistics yet, choosing it for a (event, endpoint) lookup, still finds one row
    // rather than every delivery of a busy endpoint.
    await runner.query(`CREATE INDEX event_deliveries_endpoint_idx ON "${schema}".event_deliveries (endpoint_id, event_id)`);
    // The sweep's way to the few pending deliveries among all of them.
    await runner.query(`CREATE INDEX event_deliveries_pending_idx ON "${schema}".event_deliveries (next_attempt_at) WHERE status = 'pending'`);
    await runner.query(`
      CREATE TABLE "${schema}".attempts (
        id text PRIMARY KEY,
        event_id text NOT NULL,
        endpoint_id text NOT NULL,
        number integer CHECK (number BETWEEN 1 AND 4),
        trigger text NOT NULL CHECK (trigger IN ('automatic', 'resend', 'test')),
        succeeded boolean NOT NULL,
        status_code integer,
        duration_ms integer NOT NULL,
        error text,
        next_retry_at timestamptz,
        created_at timestamptz NOT NULL,
        FOREIGN KEY (event_id, endpoint_id) REFERENCES "${schema}".event_deliveries (event_id, endpoint_id) ON DELETE CASCADE,
        CHECK ((trigger = 'automatic') = (number IS NOT NULL))
      )`);
    // A scheduled attempt is recorded once, however many times its job runs.
    await runner.query(`CREATE UNIQUE INDEX attempts_number_idx ON "${schema}".attempts (event_id, endpoint_id, number) WHERE number IS NOT NULL`);
    await runner.query(`CREATE INDEX attempts_endpoint_recent_idx ON "${schema}".attempts (endpoint_id, created_at)`);
    // Auto-disable counts attempts since the later of 24 h ago and the last re-enable.
    await runner.query(`ALTER TABLE "${schema}".endpoints ADD COLUMN active_since timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`ALTER TABLE "${schema}".endpoints DROP COLUMN active_since`);
    await runner.query(`DROP TABLE "${schema}".attempts`);
    await runner.query(`DROP TABLE "${schema}".event_deliveries`);
    await runner.query(`DROP TABLE "${schema}".events`);
  }
}
