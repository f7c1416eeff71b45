import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A quote makes one delivery, now said within its merchant: a unique index on
 * (merchant_id, quote_id) replaces the one on quote_id alone. The same rows
 * are refused (a quote belongs to one merchant), no statement looks a delivery
 * up by its quote, and a distributed Postgres (Citus, by merchant_id) accepts
 * only unique indexes that hold the distribution column (docs/scaling.md).
 */
export class ScopeDeliveryQuoteUniqueness1766001400000 implements MigrationInterface {
  name = 'ScopeDeliveryQuoteUniqueness1766001400000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`CREATE UNIQUE INDEX deliveries_merchant_quote_key ON "${schema}".deliveries (merchant_id, quote_id)`);
    await runner.query(`ALTER TABLE "${schema}".deliveries DROP CONSTRAINT deliveries_quote_id_key`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`ALTER TABLE "${schema}".deliveries ADD CONSTRAINT deliveries_quote_id_key UNIQUE (quote_id)`);
    await runner.query(`DROP INDEX "${schema}".deliveries_merchant_quote_key`);
  }
}
