import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a delivery ended and where its driver then was: from the end on, a
 * delivery shows that point instead of the driver's live position, and its
 * public tracking link drops personal data a while later. Deliveries that
 * ended before this keep null: their last update stands for the end.
 */
export class AddDeliveryEnd1765500000000 implements MigrationInterface {
  name = 'AddDeliveryEnd1765500000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`
      ALTER TABLE ${schema}.deliveries
        ADD COLUMN ended_at timestamptz,
        ADD COLUMN end_lat double precision,
        ADD COLUMN end_lng double precision`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${runner.connection.driver.schema}".deliveries DROP COLUMN ended_at, DROP COLUMN end_lat, DROP COLUMN end_lng`);
  }
}
