import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateIdempotencyKeys1763800400000 implements MigrationInterface {
  name = 'CreateIdempotencyKeys1763800400000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`
      CREATE TABLE "${schema}".idempotency_keys (
        api_key_id text NOT NULL,
        key text NOT NULL,
        request_hash text NOT NULL,
        response_status integer,
        response_body text,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (api_key_id, key)
      )`);
    await runner.query(`CREATE INDEX idempotency_keys_created_idx ON "${schema}".idempotency_keys (created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "${runner.connection.driver.schema}".idempotency_keys`);
  }
}
