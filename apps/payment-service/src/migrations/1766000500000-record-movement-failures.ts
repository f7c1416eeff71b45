import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operators list failed money movements and put them back to be tried
 * (issue 33): when one failed, how often an operator retried it (each retry
 * is a new request to the processor, under a key of its own), and the
 * operator's list across merchants, newest first, keyset-paginated on
 * (created_at, id), of one status or all. Movements that failed before this
 * migration failed when they were last updated.
 */
export class RecordMovementFailures1766000500000 implements MigrationInterface {
  name = 'RecordMovementFailures1766000500000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`ALTER TABLE ${schema}.money_movements ADD COLUMN failed_at timestamptz, ADD COLUMN retries integer NOT NULL DEFAULT 0`);
    await runner.query(`UPDATE ${schema}.money_movements SET failed_at = updated_at WHERE status = 'failed'`);
    await runner.query(`CREATE INDEX money_movements_by_status ON ${schema}.money_movements (status, created_at DESC, id DESC)`);
    await runner.query(`CREATE INDEX money_movements_by_age ON ${schema}.money_movements (created_at DESC, id DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`DROP INDEX ${schema}.money_movements_by_age`);
    await runner.query(`DROP INDEX ${schema}.money_movements_by_status`);
    await runner.query(`ALTER TABLE ${schema}.money_movements DROP COLUMN retries, DROP COLUMN failed_at`);
  }
}
