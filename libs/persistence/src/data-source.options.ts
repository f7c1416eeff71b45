import type { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';
import { DroppingClient } from './dropping-client';
import { UnnamedStatementClient } from './unnamed-statement-client';

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
  /**
   * How long getting a connection may take (opening one, or waiting for a free
   * one): a server that is down or drops packets becomes an error, not a hang.
   */
  connectTimeoutMs?: number;
  /**
   * Longest statement: the server cancels it (57014). Unset (migrations): no limit.
   * The client also gives up `READ_TIMEOUT_MARGIN_MS` later, for a server that
   * does not answer at all.
   */
  statementTimeoutMs?: number;
  /**
   * `url` is a transaction pooler (PgBouncer's pool_mode=transaction): statements
   * go unnamed (UnnamedStatementClient), and statement_timeout is not sent, the
   * pooler refusing it as a startup parameter: the pooler sets it on its server
   * connections instead (tools/infra/pgbouncer.js, docs/decisions/0017). The
   * client's read timeout still applies.
   */
  behindTransactionPooler?: boolean;
}

/** Defaults for every connection: both bound a Postgres outage to a few seconds per request. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 2000;
/** Beyond statement_timeout: the server's own cancel (a clean 57014) comes first when it can answer. */
export const READ_TIMEOUT_MARGIN_MS = 500;
/** Idle connections probe the peer, so one whose server vanished is noticed and dropped. */
const KEEPALIVE_DELAY_MS = 10_000;

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
    extra: {
      max: options.poolSize ?? 10,
      application_name: options.applicationName,
      Client: options.behindTransactionPooler ? UnnamedStatementClient : DroppingClient,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
      ...(options.statementTimeoutMs === undefined
        ? {}
        : {
            ...(options.behindTransactionPooler ? {} : { statement_timeout: options.statementTimeoutMs }),
            query_timeout: options.statementTimeoutMs + READ_TIMEOUT_MARGIN_MS,
          }),
    },
  };
}
