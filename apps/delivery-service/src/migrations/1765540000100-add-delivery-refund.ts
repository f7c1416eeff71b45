import { MigrationInterface, QueryRunner } from 'typeorm';

/** The refund of a delivery's payment, once made: shown on the delivery and in its delivery.refunded event. */
export class AddDeliveryRefund1765540000100 implements MigrationInterface {
  name = 'AddDeliveryRefund1765540000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${runner.connection.driver.schema}".deliveries ADD COLUMN refund jsonb`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${runner.connection.driver.schema}".deliveries DROP COLUMN refund`);
  }
}
