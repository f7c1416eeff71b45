import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The driver-matching pass (every DISPATCH_INTERVAL_MS, 1 s) moves the paid
 * live deliveries still `created` to `pending` when their time comes
 * (`startMatching`). Without an index it read every delivery ever made each
 * second: 4 buffers a pass on an empty table, 278 with 20,000 deliveries
 * (bench:growth). Only the few live deliveries not yet matching are in this
 * one, so the pass stays as cheap as the deliveries grow.
 */
export class IndexLiveDeliveriesToMatch1766001600000 implements MigrationInterface {
  name = 'IndexLiveDeliveriesToMatch1766001600000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX deliveries_live_to_match_idx ON "${runner.connection.driver.schema}".deliveries (scheduled_at) WHERE mode = 'live' AND status = 'created'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "${runner.connection.driver.schema}".deliveries_live_to_match_idx`);
  }
}
