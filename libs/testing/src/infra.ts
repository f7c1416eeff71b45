import { join } from 'node:path';
import { repoRoot } from './repo-root';

interface Started {
  url: string;
  port: number;
  /** A server a previous run left running (and this one reused) is only stopped with `force`. */
  reused: boolean;
  stop(options?: { force?: boolean }): Promise<void>;
}

export interface InfraModule {
  repoRoot: string;
  /** `.data`, or SDD_DATA_DIR. */
  dataRoot: string;
  startPostgres(options: { dataDir: string; database: string }): Promise<Started>;
  startRedis(options: { dataDir: string; appendOnly?: boolean; port?: number }): Promise<Started>;
  /** Stops the Postgres of `dataDir`, whoever started it; resolves whether one was running. */
  stopPostgres(options: { dataDir: string }): Promise<boolean>;
  ensureChromium(): string;
  isAlive(pid: number): boolean;
  isPortFree(port: number, host?: string): Promise<boolean>;
  dependenciesOutdated(root: string): boolean;
  markBuilt(root: string, startedAt: Date): void;
  /** The WEBHOOK_SECRETS_KEY kept in `<dir>/webhook-secrets.key` (`.data` by default), generated on first use. */
  webhookSecretsKey(dir?: string): string;
}

/** The dispatcher refuses to start without a sealing key: tests use the one kept under `.data/`, unless one is set. */
export function webhookSecretsKey(): string {
  process.env.WEBHOOK_SECRETS_KEY ||= loadInfra().webhookSecretsKey();
  return process.env.WEBHOOK_SECRETS_KEY;
}

/** The project's own scripts that install and start real Postgres and Redis (tools/infra). */
export function loadInfra(): InfraModule {
  return require(join(repoRoot(), 'tools/infra')) as InfraModule;
}

/**
 * Runs `start` with DATABASE_URL and REDIS_URL hidden: tools/infra hands out
 * those shared servers when they are set (as in tests), and a caller that
 * stops or flushes its servers needs its own.
 */
export async function withoutSharedServers<T>(start: () => Promise<T>): Promise<T> {
  const shared = { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL };
  delete process.env.DATABASE_URL;
  delete process.env.REDIS_URL;
  try {
    return await start();
  } finally {
    for (const [name, value] of Object.entries(shared)) if (value !== undefined) process.env[name] = value;
  }
}
