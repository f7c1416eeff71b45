import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30: outbox events, notifications and offers are purged past their
 * retention (retention/retention.purger.ts), oldest first in small batches;
 * each batch finds its rows by age through these indexes instead of reading
 * the whole table.
 */
export class IndexRetainedRowsByAge1765630000000 implements MigrationInterface {
  name = 'IndexRetainedRowsByAge1765630000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`CREATE INDEX outbox_events_created_idx ON ${schema}.outbox_events (created_at)`);
    await runner.query(`CREATE INDEX notifications_created_idx ON ${schema}.notifications (created_at)`);
    await runner.query(`CREATE INDEX offers_created_idx ON ${schema}.offers (created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`DROP INDEX ${schema}.offers_created_idx`);
    await runner.query(`DROP INDEX ${schema}.notifications_created_idx`);
    await runner.query(`DROP INDEX ${schema}.outbox_events_created_idx`);
  }
}
