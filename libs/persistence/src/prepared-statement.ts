import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * A statement of a hot path, sent to pg by name: pg parses and plans it once
 * per pooled connection and afterwards sends only its parameters, and the
 * call skips TypeORM's query builder, query runner and entity mapping (a
 * third of the services' CPU per request in the issue-16 profile). Same
 * pool, so the same timeouts and outage handling as every other query.
 * Behind a transaction pooler the client sends it unnamed (UnnamedStatementClient).
 */
export interface PreparedStatement {
  /** Unique per text within the process: pg keeps one plan per name and connection. */
  readonly name: string;
  readonly text: string;
}

/** `text` with `{schema}` naming the data source's own schema, quoted (schema names are checked at start-up). */
export function preparedStatement(dataSource: DataSource, name: string, text: string): PreparedStatement {
  const schema = (dataSource.options as { schema?: string }).schema ?? 'public';
  return { name, text: text.replace(/\{schema\}/g, `"${schema}"`) };
}

export async function runPrepared<Row extends QueryResultRow>(dataSource: DataSource, statement: PreparedStatement, values: unknown[]): Promise<Row[]> {
  const pool = (dataSource.driver as PostgresDriver).master as Pool;
  const result = await pool.query<Row>({ name: statement.name, text: statement.text, values });
  return result.rows;
}

/**
 * How the hot paths batch their statements (`Batcher` of @sdd/common): up to
 * 100 rows in one statement, 4 statements in flight at once, well inside a
 * pool of 10; what is asked for meanwhile waits and goes together in the
 * next. Idle, a statement goes at once.
 */
export const STATEMENT_BATCHING = { maxSize: 100, maxConcurrent: 4 } as const;
