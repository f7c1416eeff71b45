import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { PreparedStatement, preparedStatement, runPrepared } from './prepared-statement';

/**
 * A prepared SELECT of whole entities: every column named by its property
 * (`"merchant_id" AS "merchantId"`), so a row becomes the entity by plain
 * assignment. pg already converts what TypeORM would (timestamptz to Date,
 * jsonb to objects, integers and doubles to numbers); columns that need more
 * (transformers, embedded objects, relations) are refused when the statement
 * is built, at start-up, rather than mapped wrongly.
 * `where` uses $1, $2… and column names.
 */
export function selectEntityStatement(dataSource: DataSource, entity: EntityTarget<ObjectLiteral>, name: string, where: string): PreparedStatement {
  const metadata = dataSource.getMetadata(entity);
  const columns = metadata.columns.map((column) => {
    if (column.transformer || column.embeddedMetadata || column.relationMetadata) {
      throw new Error(`${metadata.name}.${column.propertyPath} cannot be read by a prepared statement: it has a transformer, embedding or relation`);
    }
    return `"${column.databaseName}" AS "${column.propertyName}"`;
  });
  return preparedStatement(dataSource, name, `SELECT ${columns.join(', ')} FROM {schema}."${metadata.tableName}" WHERE ${where}`);
}

export async function findByStatement<E extends ObjectLiteral>(
  dataSource: DataSource,
  entity: new () => E,
  statement: PreparedStatement,
  values: unknown[],
): Promise<E[]> {
  const rows = await runPrepared(dataSource, statement, values);
  return rows.map((row) => Object.assign(new entity(), row));
}
