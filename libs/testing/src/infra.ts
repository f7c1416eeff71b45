import { join } from 'node:path';
import { repoRoot } from './repo-root';

/** tools/infra: the project's own scripts that install and start real Postgres and Redis, typed from their JSDoc. */
export type InfraModule = typeof import('../../../tools/infra');

/** tools/infra/launcher.js: starts the compiled apps as processes, for `npm start`, TestSystem and the benches alike. */
export type Launcher = typeof import('../../../tools/infra/launcher');
export type LaunchedApp = import('../../../tools/infra/launcher').LaunchedApp;

export function loadLauncher(): Launcher {
  return require(join(repoRoot(), 'tools/infra/launcher')) as Launcher;
}

/** tools/infra/stripe-local-env.js: how the apps reach the local Stripe-compatible server. */
export type StripeLocalEnv = typeof import('../../../tools/infra/stripe-local-env');

export function loadStripeLocalEnv(): StripeLocalEnv {
  return require(join(repoRoot(), 'tools/infra/stripe-local-env')) as StripeLocalEnv;
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
