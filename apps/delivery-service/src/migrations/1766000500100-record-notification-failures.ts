import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operators list failed recipient notifications and put them back to be sent
 * (issue 33): the mail server's last refusal (addresses masked), when one
 * failed for good, how often an operator retried it, and the operator's list
 * across merchants, newest first, keyset-paginated on (created_at, id). Those
 * that failed before this migration have no failed_at: when is not known.
 */
export class RecordNotificationFailures1766000500100 implements MigrationInterface {
  name = 'RecordNotificationFailures1766000500100';

  async up(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`ALTER TABLE ${schema}.notifications ADD COLUMN last_error text, ADD COLUMN failed_at timestamptz, ADD COLUMN retries integer NOT NULL DEFAULT 0`);
    await runner.query(`CREATE INDEX notifications_by_status ON ${schema}.notifications (status, created_at DESC, id DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`DROP INDEX ${schema}.notifications_by_status`);
    await runner.query(`ALTER TABLE ${schema}.notifications DROP COLUMN retries, DROP COLUMN failed_at, DROP COLUMN last_error`);
  }
}
