import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wrong PINs sent at the door, counted on the delivery under its row lock
 * (Postgres, not Redis: the count must survive Redis losing its data), so
 * the PIN locks after PIN_ATTEMPT_LIMIT wrong tries.
 */
export class CountWrongDeliveryPins1765520000000 implements MigrationInterface {
  name = 'CountWrongDeliveryPins1765520000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${runner.connection.driver.schema}".deliveries ADD COLUMN pin_attempts integer NOT NULL DEFAULT 0`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${runner.connection.driver.schema}".deliveries DROP COLUMN pin_attempts`);
  }
}
