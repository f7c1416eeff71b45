import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatePickupLocations1763800100000 implements MigrationInterface {
  name = 'CreatePickupLocations1763800100000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`
      CREATE TABLE "${schema}".pickup_locations (
        id text PRIMARY KEY,
        merchant_id text NOT NULL,
        mode text NOT NULL CHECK (mode IN ('test', 'live')),
        name text NOT NULL,
        address jsonb NOT NULL,
        phone text NOT NULL,
        licensed_for text[] NOT NULL DEFAULT '{}',
        license_number text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX pickup_locations_scope_idx ON "${schema}".pickup_locations (merchant_id, mode, created_at, id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "${runner.connection.driver.schema}".pickup_locations`);
  }
}
