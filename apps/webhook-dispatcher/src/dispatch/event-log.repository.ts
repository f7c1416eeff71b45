import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * The one way the event log's repositories reach Postgres: plain SQL on the
 * service's schema. The log's statements are CTEs over arrays, guarded
 * updates and upserts that an entity repository cannot express, so the whole
 * log uses SQL; TypeORM entities are used for the endpoints table only.
 */
@Injectable()
export class EventLogRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The service's schema, quoted, for table names in the SQL text. */
  get schema(): string {
    return `"${this.dataSource.driver.schema}"`;
  }

  /** TypeORM's `query`: rows for a SELECT, `[rows, affected]` for an UPDATE or DELETE. */
  query<T>(text: string, values: unknown[]): Promise<T> {
    return this.dataSource.query(text, values);
  }

  /**
   * A named prepared statement on the driver's pool: Postgres parses and
   * plans it once per connection instead of per batch, which is most of the
   * cost of a small batch.
   */
  async prepared<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    const result = await pool.query({ name, text, values });
    return result.rows as T[];
  }

  /** Runs `work` in one transaction. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
