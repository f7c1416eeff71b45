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
  return preparedStatement(dataSource, name, `SELECT ${entityColumns(dataSource, entity)} FROM {schema}."${metadata.tableName}" WHERE ${where}`);
}

/** Every column of the entity named by its property, for a SELECT list or a RETURNING clause (see selectEntityStatement). */
export function entityColumns(dataSource: DataSource, entity: EntityTarget<ObjectLiteral>): string {
  const metadata = dataSource.getMetadata(entity);
  return metadata.columns
    .map((column) => {
      if (column.transformer || column.embeddedMetadata || column.relationMetadata) {
        throw new Error(`${metadata.name}.${column.propertyPath} cannot be read by a prepared statement: it has a transformer, embedding or relation`);
      }
      return `"${column.databaseName}" AS "${column.propertyName}"`;
    })
    .join(', ');
}

export async function findByStatement<E extends ObjectLiteral>(dataSource: DataSource, entity: new () => E, statement: PreparedStatement, values: unknown[]): Promise<E[]> {
  const rows = await runPrepared(dataSource, statement, values);
  return rows.map((row) => Object.assign(new entity(), row));
}

/**
 * The INSERT of a whole entity for a prepared statement, column for column,
 * with the values in the same order: jsonb and json columns are sent as JSON
 * text (pg would send a JavaScript array as a Postgres array), everything
 * else as pg converts it. Columns that need more are refused when built, as
 * for reads. Placeholders start after `firstParameter`, so that several
 * inserts can share one statement (data-modifying CTEs: one round trip, one
 * commit).
 */
export interface EntityInsert<E> {
  readonly columnCount: number;
  sql(firstParameter?: number): string;
  values(entity: E): unknown[];
}

export function entityInsert<E extends ObjectLiteral>(dataSource: DataSource, entity: EntityTarget<E>): EntityInsert<E> {
  const metadata = dataSource.getMetadata(entity);
  const columns = writableColumns(dataSource, entity);
  return {
    columnCount: columns.length,
    sql: (firstParameter = 0) => `${insertInto(metadata.tableName, columns)} VALUES (${columns.map((_, i) => `$${firstParameter + i + 1}`).join(', ')})`,
    values: (row: E) => columns.map(({ property, parameter }) => parameter(row[property])),
  };
}

/**
 * The INSERT of many whole entities in one statement: one array per column,
 * each cast to its column's type and unnested, the rows in the same order in
 * each (`values`). For rows written in the same moment (a `Batcher`'s): one
 * round trip and one commit for all of them. Columns refused as for
 * `entityInsert`; placeholders start after `firstParameter`, as there.
 */
export interface EntityBatchInsert<E> {
  readonly columnCount: number;
  sql(firstParameter?: number): string;
  values(entities: E[]): unknown[][];
}

export function entityBatchInsert<E extends ObjectLiteral>(dataSource: DataSource, entity: EntityTarget<E>): EntityBatchInsert<E> {
  const metadata = dataSource.getMetadata(entity);
  const columns = writableColumns(dataSource, entity);
  return {
    columnCount: columns.length,
    sql: (firstParameter = 0) =>
      `${insertInto(metadata.tableName, columns)} SELECT * FROM unnest(${columns.map(({ type }, i) => `$${firstParameter + i + 1}::${type}[]`).join(', ')})`,
    values: (rows: E[]) => columns.map(({ property, parameter }) => rows.map((row) => parameter(row[property]))),
  };
}

/**
 * The INSERT of many whole entities as one JSON parameter: the rows are
 * `JSON.stringify`'d as they are (property names as keys, Dates as ISO
 * text) and Postgres takes them apart (`json_to_recordset`, each column cast
 * to its type). For a hot path's bookkeeping rows with long text: V8's
 * native JSON costs the app a third of what pg's escaping of one text
 * array per column does (request-logs, bench/HISTORY.md). Columns refused as
 * for `entityInsert`; the whole batch is `values(rows)`, one parameter.
 */
export interface EntityJsonBatchInsert<E> {
  sql(): string;
  values(entities: E[]): [string];
}

export function entityJsonBatchInsert<E extends ObjectLiteral>(dataSource: DataSource, entity: EntityTarget<E>): EntityJsonBatchInsert<E> {
  const metadata = dataSource.getMetadata(entity);
  const columns = writableColumns(dataSource, entity);
  const recordColumns = columns.map(({ property, type }) => `"${property}" ${type}`).join(', ');
  return {
    sql: () =>
      `${insertInto(metadata.tableName, columns)} SELECT ${columns.map(({ property }) => `"${property}"`).join(', ')} FROM json_to_recordset($1::json) AS row(${recordColumns})`,
    values: (rows: E[]) => [JSON.stringify(rows)],
  };
}

function insertInto(table: string, columns: WritableColumn[]): string {
  return `INSERT INTO {schema}."${table}" (${columns.map(({ name }) => `"${name}"`).join(', ')})`;
}

function writableColumns(dataSource: DataSource, entity: EntityTarget<ObjectLiteral>): WritableColumn[] {
  return dataSource.getMetadata(entity).columns.map((column) => writableColumn(dataSource, entity, column.propertyName));
}

/** A column a prepared statement writes: its name, and its value as a parameter (JSON columns as JSON text, pg would send an array as a Postgres array). */
export interface WritableColumn {
  name: string;
  property: string;
  /** Its SQL type, for a cast (`$1::text[]` when many rows' values go as one array). */
  type: string;
  parameter(value: unknown): unknown;
}

export function writableColumn(dataSource: DataSource, entity: EntityTarget<ObjectLiteral>, property: string): WritableColumn {
  const metadata = dataSource.getMetadata(entity);
  const column = metadata.findColumnWithPropertyName(property);
  if (!column) throw new Error(`${metadata.name} has no column ${property}`);
  if (column.transformer || column.embeddedMetadata || column.relationMetadata) {
    throw new Error(`${metadata.name}.${column.propertyPath} cannot be written by a prepared statement: it has a transformer, embedding or relation`);
  }
  const json = column.type === 'jsonb' || column.type === 'json';
  return {
    name: column.databaseName,
    property: column.propertyName,
    type: dataSource.driver.normalizeType(column),
    parameter: (value) => (value === undefined || value === null ? null : json ? JSON.stringify(value) : value),
  };
}
