import { MigrationInterface, QueryRunner } from 'typeorm';

/** The money of a delivery funded by a checkout, frozen at creation (fee tier of that moment). */
export class AddDeliveryPayment1765100000010 implements MigrationInterface {
  name = 'AddDeliveryPayment1765100000010';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${runner.connection.driver.schema}".deliveries ADD COLUMN payment jsonb`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${runner.connection.driver.schema}".deliveries DROP COLUMN payment`);
  }
}
