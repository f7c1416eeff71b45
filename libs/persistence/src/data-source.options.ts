import type { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';

type Constructor = abstract new (...args: never[]) => unknown;

export interface ServiceDatabaseOptions {
  url: string;
  /** The service's own schema: a service reads and writes no other. */
  schema: string;
  entities?: MixedList<Constructor | string | EntitySchema>;
  migrations?: MixedList<Constructor | string>;
  /** Shown in pg_stat_activity, so a slow query names its service. */
  applicationName: string;
  poolSize?: number;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSchemaName(schema: string): void {
  if (!IDENTIFIER.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
}

/** TypeORM options every service uses: its own schema, migrations only (never synchronize). */
export function dataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  assertSchemaName(options.schema);
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities ?? [],
    migrations: options.migrations ?? [],
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: { max: options.poolSize ?? 10, application_name: options.applicationName },
  };
}
