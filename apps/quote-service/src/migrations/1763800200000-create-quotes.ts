import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateQuotes1763800200000 implements MigrationInterface {
  name = 'CreateQuotes1763800200000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`
      CREATE TABLE "${schema}".quotes (
        id text PRIMARY KEY,
        merchant_id text NOT NULL,
        mode text NOT NULL CHECK (mode IN ('test', 'live')),
        fee integer NOT NULL CHECK (fee > 0),
        currency text NOT NULL,
        eta_minutes integer NOT NULL,
        distance_km double precision NOT NULL,
        package_size text NOT NULL,
        vehicle text NOT NULL,
        category text NOT NULL,
        scheduled_at timestamptz,
        pickup jsonb NOT NULL,
        dropoff jsonb NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX quotes_scope_idx ON "${schema}".quotes (merchant_id, mode, created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "${runner.connection.driver.schema}".quotes`);
  }
}
