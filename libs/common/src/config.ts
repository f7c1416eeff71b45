import 'reflect-metadata';
import { plainToInstance, Transform, Type } from 'class-transformer';
import { accessSync, constants } from 'node:fs';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateBy, ValidateIf, ValidationOptions, validateSync } from 'class-validator';

function isReadableFile(value: unknown): boolean {
  if (typeof value !== 'string' || value === '') return false;
  try {
    accessSync(value, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

function IsReadableFile(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isReadableFile', validator: { validate: isReadableFile } }, options);
}

export const DATABASE_POOL_MODES = ['session', 'transaction'] as const;
export type DatabasePoolMode = (typeof DATABASE_POOL_MODES)[number];

/**
 * Settings every app reads. Configuration is read once at start-up,
 * validated, and injected; no module reads process.env itself.
 */
export class BaseConfig {
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL!: string;

  /**
   * What DATABASE_URL reaches: `session`, Postgres itself or a session pooler;
   * `transaction`, a transaction pooler (PgBouncer's pool_mode=transaction), where
   * each transaction may run on another server connection: statements then go
   * unnamed and the statement timeout is the pooler's to set (docs/decisions/0017).
   */
  @IsIn(DATABASE_POOL_MODES, { message: `DATABASE_POOL_MODE must be one of ${DATABASE_POOL_MODES.join(', ')}` })
  DATABASE_POOL_MODE: DatabasePoolMode = 'session';

  /**
   * Postgres itself (or a session pooler), for what needs a session of its own:
   * the migrations' advisory lock. DATABASE_URL when unset; required in
   * transaction mode, where DATABASE_URL cannot keep a session.
   */
  @ValidateIf((config: BaseConfig) => config.DATABASE_POOL_MODE === 'transaction' || config.DATABASE_DIRECT_URL !== undefined)
  @Matches(/^postgres(ql)?:\/\//, {
    message:
      'DATABASE_DIRECT_URL must be a postgres:// URL of Postgres itself or a session pooler (required with DATABASE_POOL_MODE=transaction: migrations hold a session advisory lock)',
  })
  DATABASE_DIRECT_URL?: string;

  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL!: string;

  /**
   * PEM file of the authority a `rediss://` server's certificate must chain
   * to, when it is not publicly trusted. Read by createRedis; checked here so
   * a wrong path stops the app at start-up rather than at its first connection.
   */
  @IsOptional()
  @IsReadableFile({ message: 'REDIS_TLS_CA_FILE must name a readable PEM file' })
  REDIS_TLS_CA_FILE?: string;

  /**
   * Seed nodes of a Redis Cluster (`host:port,host:port`): when set, every
   * connection is a Cluster client, REDIS_URL still giving the credentials
   * and TLS (`rediss://`) of every node and naming one more seed. Read by
   * createRedis; checked here so a malformed list stops the app at start-up.
   */
  @IsOptional()
  @Matches(/^\s*[^\s,:]+:\d{1,5}\s*(,\s*[^\s,:]+:\d{1,5}\s*)*$/, { message: 'REDIS_CLUSTER_NODES must be host:port,host:port' })
  REDIS_CLUSTER_NODES?: string;

  /** Namespace of every Redis key of the bus, so two systems can share one Redis. */
  @IsString()
  @Matches(/^[A-Za-z0-9_-]+$/)
  BUS_PREFIX = 'sdd';

  /** Prepended to the service's schema name; tests use it to isolate runs. */
  @IsString()
  @Matches(/^[a-z0-9_]*$/)
  DB_SCHEMA_PREFIX = '';

  /** Port of the operations endpoints (liveness, readiness). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  OPS_PORT = 9000;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** How long a caller waits for a bus reply before answering 503. */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  BUS_TIMEOUT_MS = 5000;

  /** Parallel bus jobs per queue in one process. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  BUS_CONCURRENCY = 50;

  /** Postgres connections per process. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  DB_POOL_SIZE = 10;

  /**
   * Shut down when the parent process is gone. Set by `npm start`, whose apps
   * must not outlive it; orchestrators (Kubernetes, docker) leave it off.
   */
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'EXIT_WITH_PARENT must be true or false' })
  EXIT_WITH_PARENT = false;

  /** How long getting a Postgres connection may take before the request answers 503. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  DB_CONNECT_TIMEOUT_MS = 2000;

  /**
   * Longest statement an app runs (Postgres cancels it); a server that does not
   * answer at all is given up 500 ms later. Both keep a slow or black-holed
   * database under the 5 s a 503 is due in. Migrations have no limit.
   */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  DB_STATEMENT_TIMEOUT_MS = 2000;

  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV?: string;
}

/** The connection for what needs a session of its own (DATABASE_DIRECT_URL). */
export function directDatabaseUrl(config: BaseConfig): string {
  return config.DATABASE_DIRECT_URL ?? config.DATABASE_URL;
}

/** Reads and validates configuration; a bad value stops the process with one line naming the variable. */
export function loadConfig<T extends object>(cls: new () => T, env: NodeJS.ProcessEnv = process.env): T {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const config = plainToInstance(cls, present, { exposeDefaultValues: true });
  const errors = validateSync(config, { whitelist: false });
  if (errors.length > 0) {
    const details = errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join(', ')}`).join('; ');
    throw new Error(`Invalid configuration: ${details}`);
  }
  return config;
}
