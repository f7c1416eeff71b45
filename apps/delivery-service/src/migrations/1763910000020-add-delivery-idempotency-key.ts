import { MigrationInterface, QueryRunner } from 'typeorm';

/** At most one delivery per idempotent request: a retry finds the delivery its first attempt created. */
export class AddDeliveryIdempotencyKey1763910000020 implements MigrationInterface {
  name = 'AddDeliveryIdempotencyKey1763910000020';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`ALTER TABLE "${schema}".deliveries ADD COLUMN idempotency_key text`);
    await runner.query(`CREATE UNIQUE INDEX deliveries_idempotency_key_idx ON "${schema}".deliveries (merchant_id, mode, idempotency_key) WHERE idempotency_key IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`DROP INDEX "${schema}".deliveries_idempotency_key_idx`);
    await runner.query(`ALTER TABLE "${schema}".deliveries DROP COLUMN idempotency_key`);
  }
}
