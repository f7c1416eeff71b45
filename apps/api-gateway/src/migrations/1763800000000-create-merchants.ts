import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMerchants1763800000000 implements MigrationInterface {
  name = 'CreateMerchants1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`
      CREATE TABLE "${schema}".merchants (
        id text PRIMARY KEY,
        business_name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        address jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One account per email, whatever its case.
    await runner.query(`CREATE UNIQUE INDEX merchants_email_key ON "${schema}".merchants (lower(email))`);
    await runner.query(`
      CREATE TABLE "${schema}".api_keys (
        id text PRIMARY KEY,
        merchant_id text NOT NULL REFERENCES "${schema}".merchants (id),
        mode text NOT NULL CHECK (mode IN ('test', 'live')),
        key_hash text NOT NULL UNIQUE,
        last4 text NOT NULL,
        expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX api_keys_merchant_idx ON "${schema}".api_keys (merchant_id, mode)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`DROP TABLE "${schema}".api_keys`);
    await runner.query(`DROP TABLE "${schema}".merchants`);
  }
}
