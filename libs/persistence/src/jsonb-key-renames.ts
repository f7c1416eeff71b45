import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Old key → new key, for the JSON objects stored in one jsonb column. */
export type KeyRenames = Readonly<Record<string, string>>;

const quoted = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/**
 * The UPDATE that renames keys inside the objects of a jsonb column, keeping
 * their values (JSON null included) and every other key. Rows with none of the
 * old keys are left alone, so it can run twice. A data migration's up is
 * `renameJsonbKeys(…, renames)`, its down the same with `invertRenames(renames)`.
 */
export function renameJsonbKeys(schema: string, table: string, column: string, renames: KeyRenames): string {
  const entries = Object.entries(renames);
  if (entries.length === 0) throw new RangeError('no keys to rename');
  const c = `"${column}"`;
  const removed = entries.map(([from]) => ` - ${quoted(from)}`).join('');
  const added = entries.map(([from, to]) => `${quoted(to)}, ${c} -> ${quoted(from)}`).join(', ');
  const pending = entries.map(([from]) => `${c} ? ${quoted(from)}`).join(' OR ');
  return `UPDATE "${schema}"."${table}" SET ${c} = (${c}${removed}) || jsonb_build_object(${added}) WHERE ${pending}`;
}

export function invertRenames(renames: KeyRenames): KeyRenames {
  return Object.fromEntries(Object.entries(renames).map(([from, to]) => [to, from]));
}

/**
 * A data migration that renames keys in stored JSON objects: name the
 * (table, column) pairs and the renames; down renames them back.
 */
export abstract class JsonbKeyRenameMigration implements MigrationInterface {
  abstract name: string;
  protected abstract readonly columns: ReadonlyArray<readonly [table: string, column: string]>;
  protected abstract readonly renames: KeyRenames;

  async up(runner: QueryRunner): Promise<void> {
    await this.rename(runner, this.renames);
  }

  async down(runner: QueryRunner): Promise<void> {
    await this.rename(runner, invertRenames(this.renames));
  }

  private async rename(runner: QueryRunner, renames: KeyRenames): Promise<void> {
    const schema = runner.connection.driver.schema ?? 'public';
    for (const [table, column] of this.columns) await runner.query(renameJsonbKeys(schema, table, column, renames));
  }
}
