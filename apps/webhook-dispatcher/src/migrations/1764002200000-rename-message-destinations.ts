import { MigrationInterface, QueryRunner } from 'typeorm';

/** The table's old name with the new one, for the table and each of its named objects. */
const RENAMES: Array<[kind: 'index' | 'constraint', from: string, to: string]> = [
  ['constraint', 'event_deliveries_pkey', 'message_destinations_pkey'],
  ['constraint', 'event_deliveries_event_id_fkey', 'message_destinations_event_id_fkey'],
  ['constraint', 'event_deliveries_endpoint_id_fkey', 'message_destinations_endpoint_id_fkey'],
  ['constraint', 'event_deliveries_status_check', 'message_destinations_status_check'],
  ['index', 'event_deliveries_endpoint_idx', 'message_destinations_endpoint_idx'],
  ['index', 'event_deliveries_pending_idx', 'message_destinations_pending_idx'],
];

/**
 * Issue 12: in the dispatcher "delivery" means a courier delivery only. The
 * (event, endpoint) pair is a message destination (Svix's word), so
 * `event_deliveries` becomes `message_destinations`, with its keys and
 * indexes. Renames only: no row is rewritten, and the foreign key from
 * `attempts` follows the table. A replica still running the old code fails
 * its statements until it is replaced, and its jobs are retried by BullMQ.
 */
export class RenameMessageDestinations1764002200000 implements MigrationInterface {
  name = 'RenameMessageDestinations1764002200000';

  async up(runner: QueryRunner): Promise<void> {
    await this.rename(runner, 'event_deliveries', 'message_destinations', (from, to) => [from, to]);
  }

  async down(runner: QueryRunner): Promise<void> {
    await this.rename(runner, 'message_destinations', 'event_deliveries', (from, to) => [to, from]);
  }

  private async rename(runner: QueryRunner, table: string, renamed: string, direction: (from: string, to: string) => [string, string]): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`ALTER TABLE "${schema}".${table} RENAME TO ${renamed}`);
    for (const [kind, ...names] of RENAMES) {
      const [from, to] = direction(...names);
      await runner.query(
        kind === 'index' ? `ALTER INDEX "${schema}".${from} RENAME TO ${to}` : `ALTER TABLE "${schema}".${renamed} RENAME CONSTRAINT ${from} TO ${to}`,
      );
    }
  }
}
