import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The list's `external_reference` filter is an exact match within a merchant
 * and mode; newest first, like the list itself. Most deliveries carry a
 * reference, so a merchant's search would otherwise read all of theirs.
 */
export class IndexDeliveriesByExternalReference1766000200000 implements MigrationInterface {
  name = 'IndexDeliveriesByExternalReference1766000200000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE INDEX deliveries_external_reference_idx ON "${runner.connection.driver.schema}".deliveries (merchant_id, mode, external_reference, created_at DESC, id DESC)
       WHERE external_reference IS NOT NULL`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "${runner.connection.driver.schema}".deliveries_external_reference_idx`);
  }
}
