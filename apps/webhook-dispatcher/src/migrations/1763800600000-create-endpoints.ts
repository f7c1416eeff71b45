import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateEndpoints1763800600000 implements MigrationInterface {
  name = 'CreateEndpoints1763800600000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`
      CREATE TABLE "${schema}".endpoints (
        id text PRIMARY KEY,
        merchant_id text NOT NULL,
        mode text NOT NULL CHECK (mode IN ('test', 'live')),
        url text NOT NULL,
        events text[] NOT NULL,
        description text,
        secret_sealed text NOT NULL,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX endpoints_scope_idx ON "${schema}".endpoints (merchant_id, mode, created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "${runner.connection.driver.schema}".endpoints`);
  }
}
