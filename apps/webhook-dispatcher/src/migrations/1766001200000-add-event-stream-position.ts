import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36: GET /v1/events/stream reads the log in the order events became
 * visible, which neither `created_at` (the outbox's time, stored later, maybe
 * after newer events) nor a sequence alone (taken at insert, visible at
 * commit) gives. Each row keeps the transaction that stored it and a sequence
 * within it; the stream reads only rows of transactions older than every one
 * still running (events/stream-position.ts), so a row it has passed can never
 * appear later. Rows stored before this sort first (transaction 0).
 */
export class AddEventStreamPosition1766001200000 implements MigrationInterface {
  name = 'AddEventStreamPosition1766001200000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`ALTER TABLE ${schema}.events ADD COLUMN stream_xid xid8 NOT NULL DEFAULT '0'`);
    await runner.query(`ALTER TABLE ${schema}.events ALTER COLUMN stream_xid SET DEFAULT pg_current_xact_id()`);
    await runner.query(`ALTER TABLE ${schema}.events ADD COLUMN stream_seq bigint GENERATED ALWAYS AS IDENTITY`);
    await runner.query(`CREATE INDEX events_stream_idx ON ${schema}.events (merchant_id, mode, stream_xid, stream_seq)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`DROP INDEX ${schema}.events_stream_idx`);
    await runner.query(`ALTER TABLE ${schema}.events DROP COLUMN stream_seq, DROP COLUMN stream_xid`);
  }
}
