import { MigrationInterface, QueryRunner } from 'typeorm';

/** A driver's earnings, newest first (GET /v1/driver/earnings): found by the driver and walked in the list's keyset order. */
export class IndexDriverEarningsByDriver1766000700000 implements MigrationInterface {
  name = 'IndexDriverEarningsByDriver1766000700000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`CREATE INDEX driver_earnings_by_driver ON "${schema}".driver_earnings (driver_id, created_at DESC, delivery_id DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`DROP INDEX "${schema}".driver_earnings_by_driver`);
  }
}
