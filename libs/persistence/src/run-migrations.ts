import { DataSource } from 'typeorm';
import { dataSourceOptions, ServiceDatabaseOptions } from './data-source.options';

/**
 * Creates the service's schema if needed and applies its pending migrations.
 * An advisory lock per schema lets several replicas start at once safely.
 * Returns the names of the migrations it applied.
 */
export async function runMigrations(options: ServiceDatabaseOptions): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions({ ...options, poolSize: 2 }));
  await dataSource.initialize();
  const lock = dataSource.createQueryRunner();
  try {
    await lock.connect();
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [options.schema]);
    try {
      await lock.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((migration) => migration.name);
    } finally {
      await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [options.schema]);
    }
  } finally {
    await lock.release();
    await dataSource.destroy();
  }
}
