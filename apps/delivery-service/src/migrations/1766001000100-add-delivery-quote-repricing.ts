import { MigrationInterface, QueryRunner } from 'typeorm';

/** How an expired quote's fee moved when it was re-priced for the delivery (docs/api.md, "Explained prices"); null for every delivery before. */
export class AddDeliveryQuoteRepricing1766001000100 implements MigrationInterface {
  name = 'AddDeliveryQuoteRepricing1766001000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${runner.connection.driver.schema}".deliveries ADD COLUMN IF NOT EXISTS quote_repricing jsonb`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${runner.connection.driver.schema}".deliveries DROP COLUMN IF EXISTS quote_repricing`);
  }
}
