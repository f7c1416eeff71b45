import { MigrationInterface, QueryRunner } from 'typeorm';

/** The timeline reconciler reads the test deliveries still under way; finished ones are most of the table. */
export class IndexUnfinishedTestDeliveries1763900100000 implements MigrationInterface {
  name = 'IndexUnfinishedTestDeliveries1763900100000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE INDEX deliveries_unfinished_test_idx ON "${runner.connection.driver.schema}".deliveries (created_at)
       WHERE mode = 'test' AND status NOT IN ('delivered', 'cancelled', 'failed')`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "${runner.connection.driver.schema}".deliveries_unfinished_test_idx`);
  }
}
