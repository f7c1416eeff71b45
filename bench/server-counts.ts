import { Client } from 'pg';
import { Cluster } from 'ioredis';
import { RedisConnection } from '@sdd/common';
import { parseCommandStats, ServerCounts, sumCounts } from './operation-counts';

/**
 * A backend reports its transaction counts to pg_stat_database when it goes
 * idle, at most once a second, and an idle one that could not report then
 * does so after PGSTAT_IDLE_INTERVAL (10 s): a reading taken sooner misses
 * the last transactions of the apps' pooled connections.
 */
export const PG_STATS_SETTLE_MS = 11_000;

/**
 * The server settings of the bench's own Postgres (tools/infra startPostgres
 * `settings`): pg_stat_statements loaded, and the time spent reading blocks
 * from outside shared buffers counted (the clock source here is the TSC, so
 * timing a read costs next to nothing).
 */
export const PG_STAT_STATEMENTS_SETTINGS = { shared_preload_libraries: 'pg_stat_statements', track_io_timing: 'on' };

/** The primaries of a Cluster (replicas only replay them), or the one server. */
async function redisServers(redis: RedisConnection): Promise<RedisConnection[]> {
  if (!(redis instanceof Cluster)) return [redis];
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  return redis.nodes('master');
}

/** pg_stat_statements' view, created in the bench's database when the server loaded the library; false when it cannot be read. */
export async function enableStatementCounts(pg: Client): Promise<boolean> {
  try {
    await pg.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await pg.query('SELECT 1 FROM pg_stat_statements LIMIT 1');
    return true;
  } catch {
    return false;
  }
}

/** What Redis (every primary) and Postgres (the bench's database) have counted so far. */
export async function readServerCounts(redis: RedisConnection, pg: Client, statements: boolean): Promise<ServerCounts> {
  const infos = await Promise.all((await redisServers(redis)).map((server) => server.info('commandstats')));
  const { rows } = await pg.query<{ transactions: string }>('SELECT xact_commit + xact_rollback AS transactions FROM pg_stat_database WHERE datname = current_database()');
  const counted = statements
    ? await pg.query<{ calls: string | null }>('SELECT sum(calls) AS calls FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())')
    : undefined;
  return {
    redisCommands: sumCounts(infos.map(parseCommandStats)),
    pgTransactions: Number(rows[0]?.transactions ?? 0),
    pgStatements: counted ? Number(counted.rows[0]?.calls ?? 0) : null,
  };
}

/** Bytes on disk (heap, indexes, TOAST) of every table of a run's schemas (`<prefix>_<service>`), by `<service>.<table>`. */
export async function tableBytes(pg: Client, prefix: string): Promise<Record<string, number>> {
  const { rows } = await pg.query<{ name: string; bytes: string }>(
    `SELECT substr(n.nspname, length($1) + 2) || '.' || c.relname AS name, pg_total_relation_size(c.oid) AS bytes
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE starts_with(n.nspname, $1 || '_') AND c.relkind = 'r' ORDER BY 2 DESC`,
    [prefix],
  );
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.bytes)]));
}
