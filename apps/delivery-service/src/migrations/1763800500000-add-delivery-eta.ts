import { MigrationInterface, QueryRunner } from 'typeorm';

/** The quoted ETA, kept so tracking can count down from it. */
export class AddDeliveryEta1763800500000 implements MigrationInterface {
  name = 'AddDeliveryEta1763800500000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${runner.connection.driver.schema}".deliveries ADD COLUMN eta_minutes integer NOT NULL DEFAULT 0`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${runner.connection.driver.schema}".deliveries DROP COLUMN eta_minutes`);
  }
}
