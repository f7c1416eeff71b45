import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30: events are purged past their retention (events/event-retention-purge.task.ts),
 * oldest first in small batches found through `events_created_idx`; their
 * destinations and attempts go with them by the foreign keys' cascade, which
 * finds a destination's attempts through `attempts_destination_idx` (the
 * unique index on attempt numbers leaves out resends and pings).
 */
export class IndexRetainedEventsByAge1765630000100 implements MigrationInterface {
  name = 'IndexRetainedEventsByAge1765630000100';

  async up(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`CREATE INDEX events_created_idx ON ${schema}.events (created_at)`);
    await runner.query(`CREATE INDEX attempts_destination_idx ON ${schema}.attempts (event_id, endpoint_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`DROP INDEX ${schema}.attempts_destination_idx`);
    await runner.query(`DROP INDEX ${schema}.events_created_idx`);
  }
}
