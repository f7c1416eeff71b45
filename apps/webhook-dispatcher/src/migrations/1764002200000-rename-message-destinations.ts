import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 12: in the dispatcher "delivery" means a courier delivery only. The
 * (event, endpoint) pair is a message destination (Svix's word), so
 * `event_deliveries` becomes `message_destinations`, with every constraint
 * and index named after it (found in the catalog: Postgres 18 names NOT NULL
 * constraints too). Renames only: no row is rewritten, and the foreign key
 * from `attempts` follows the table. A replica still running the old code
 * fails its statements until it is replaced, and BullMQ retries its jobs.
 */
export class RenameMessageDestinations1764002200000 implements MigrationInterface {
  name = 'RenameMessageDestinations1764002200000';

  up(runner: QueryRunner): Promise<void> {
    return renameTable(runner, 'event_deliveries', 'message_destinations');
  }

  down(runner: QueryRunner): Promise<void> {
    return renameTable(runner, 'message_destinations', 'event_deliveries');
  }
}

async function renameTable(runner: QueryRunner, from: string, to: string): Promise<void> {
  const schema = runner.connection.driver.schema;
  await runner.query(`ALTER TABLE "${schema}".${from} RENAME TO ${to}`);
  const constraints: Array<{ name: string }> = await runner.query(`SELECT conname AS name FROM pg_constraint WHERE conrelid = to_regclass($1) AND starts_with(conname, $2)`, [
    `"${schema}".${to}`,
    `${from}_`,
  ]);
  // The primary key's index carries the constraint's name, so renaming the constraint renames it too.
  for (const { name } of constraints) {
    await runner.query(`ALTER TABLE "${schema}".${to} RENAME CONSTRAINT "${name}" TO "${to}${name.slice(from.length)}"`);
  }
  const indexes: Array<{ name: string }> = await runner.query(`SELECT indexname AS name FROM pg_indexes WHERE schemaname = $1 AND tablename = $2 AND starts_with(indexname, $3)`, [
    schema,
    to,
    `${from}_`,
  ]);
  for (const { name } of indexes) {
    await runner.query(`ALTER INDEX "${schema}"."${name}" RENAME TO "${to}${name.slice(from.length)}"`);
  }
}
