import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Live dispatch: drivers (token kept as its SHA-256), their provincial
 * certifications, one offer at a time per delivery, and each driver's
 * earnings per completed delivery. Deliveries keep what dispatch needs: the
 * quote's package size and vehicle, the assigned driver, when dispatch began
 * and how a failure ended.
 */
export class CreateDriversAndOffers1765200000000 implements MigrationInterface {
  name = 'CreateDriversAndOffers1765200000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`
      CREATE TABLE ${schema}.drivers (
        id text PRIMARY KEY,
        name text NOT NULL,
        phone text NOT NULL,
        vehicle text NOT NULL,
        home_province text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        online boolean NOT NULL DEFAULT false,
        lat double precision,
        lng double precision,
        located_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX drivers_online ON ${schema}.drivers (online) WHERE online`);
    await runner.query(`
      CREATE TABLE ${schema}.driver_certifications (
        driver_id text NOT NULL REFERENCES ${schema}.drivers (id),
        kind text NOT NULL,
        province text NOT NULL,
        status text NOT NULL,
        expires_at timestamptz,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (driver_id, kind, province)
      )`);
    await runner.query(`
      CREATE TABLE ${schema}.offers (
        id text PRIMARY KEY,
        delivery_id text NOT NULL REFERENCES ${schema}.deliveries (id),
        driver_id text NOT NULL REFERENCES ${schema}.drivers (id),
        status text NOT NULL,
        distance_km double precision NOT NULL,
        expires_at timestamptz NOT NULL,
        responded_at timestamptz,
        created_at timestamptz NOT NULL
      )`);
    // One open offer per delivery and per driver; one accepted offer per delivery.
    await runner.query(`CREATE UNIQUE INDEX offers_open_per_delivery ON ${schema}.offers (delivery_id) WHERE status = 'open'`);
    await runner.query(`CREATE UNIQUE INDEX offers_open_per_driver ON ${schema}.offers (driver_id) WHERE status = 'open'`);
    await runner.query(`CREATE UNIQUE INDEX offers_accepted_per_delivery ON ${schema}.offers (delivery_id) WHERE status = 'accepted'`);
    await runner.query(`CREATE INDEX offers_by_delivery ON ${schema}.offers (delivery_id, driver_id)`);
    await runner.query(`
      CREATE TABLE ${schema}.driver_earnings (
        delivery_id text PRIMARY KEY REFERENCES ${schema}.deliveries (id),
        driver_id text NOT NULL REFERENCES ${schema}.drivers (id),
        amount integer NOT NULL,
        currency text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE ${schema}.notifications (
        id text PRIMARY KEY,
        delivery_id text NOT NULL,
        step text NOT NULL,
        recipient text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        status text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        sent_at timestamptz,
        created_at timestamptz NOT NULL,
        UNIQUE (delivery_id, step)
      )`);
    await runner.query(`CREATE INDEX notifications_due ON ${schema}.notifications (next_attempt_at) WHERE status = 'pending'`);
    await runner.query(`
      ALTER TABLE ${schema}.deliveries
        ADD COLUMN package_size text NOT NULL DEFAULT 'small',
        ADD COLUMN vehicle text NOT NULL DEFAULT 'car',
        ADD COLUMN driver_id text REFERENCES ${schema}.drivers (id),
        ADD COLUMN dispatch_started_at timestamptz,
        ADD COLUMN failure_reason text,
        ADD COLUMN recipient_name text,
        ADD COLUMN test_scenario text,
        ADD COLUMN undeliverable_action text NOT NULL DEFAULT 'fail',
        ADD COLUMN delivery_pin text,
        ADD COLUMN pin_verified boolean NOT NULL DEFAULT false,
        ADD COLUMN id_checked boolean NOT NULL DEFAULT false,
        ADD COLUMN delivered_at timestamptz,
        ADD COLUMN pending_reroute jsonb`);
    await runner.query(`CREATE INDEX deliveries_awaiting_driver ON ${schema}.deliveries (dispatch_started_at) WHERE mode = 'live' AND status = 'pending' AND driver_id IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`DROP INDEX ${schema}.deliveries_awaiting_driver`);
    await runner.query(`
      ALTER TABLE ${schema}.deliveries
        DROP COLUMN pending_reroute, DROP COLUMN delivered_at, DROP COLUMN id_checked, DROP COLUMN pin_verified, DROP COLUMN delivery_pin, DROP COLUMN undeliverable_action,
        DROP COLUMN test_scenario, DROP COLUMN recipient_name, DROP COLUMN failure_reason, DROP COLUMN dispatch_started_at,
        DROP COLUMN driver_id, DROP COLUMN vehicle, DROP COLUMN package_size`);
    await runner.query(`DROP TABLE ${schema}.notifications`);
    await runner.query(`DROP TABLE ${schema}.driver_earnings`);
    await runner.query(`DROP TABLE ${schema}.offers`);
    await runner.query(`DROP TABLE ${schema}.driver_certifications`);
    await runner.query(`DROP TABLE ${schema}.drivers`);
  }
}
