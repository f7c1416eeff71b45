import 'reflect-metadata';
import { join } from 'node:path';
import { MigrationInterface } from 'typeorm';
import { BaseConfig, directDatabaseUrl, loadConfig } from '@sdd/common';
import { runMigrations } from '@sdd/persistence';
import { schemaFor } from '@sdd/runtime';
import { repoRoot } from '../repo-root';

/** What each app's `database.ts` declares for its `migrate` entry. */
interface AppMigrations {
  SCHEMA: string;
  MIGRATIONS: Array<new () => MigrationInterface>;
}

/**
 * A test system's migrations, the compiled apps named on the command line, side by side in this one
 * process: what each app's own `migrate` entry does (runMigrationsCommand, on the same environment),
 * without starting Node and loading the libraries once per app. A system's start is mostly CPU, and
 * five such processes were about a third of it; `npm start`, the image and the k8s init containers
 * keep running each app's own entry (e2e/platform covers them).
 */
async function migrateApps(apps: string[]): Promise<void> {
  const config = loadConfig(BaseConfig);
  await Promise.all(
    apps.map(async (app) => {
      const { SCHEMA, MIGRATIONS } = require(join(repoRoot(), 'dist', 'apps', app, 'src', 'database.js')) as AppMigrations;
      const applied = await runMigrations({ url: directDatabaseUrl(config), schema: schemaFor(config, SCHEMA), migrations: MIGRATIONS, applicationName: `${app}-migrate` });
      process.stdout.write(`${JSON.stringify({ level: 'info', service: app, msg: applied.length ? `applied ${applied.join(', ')}` : 'schema up to date' })}\n`);
    }),
  );
}

migrateApps(process.argv.slice(2)).catch((error: Error) => {
  process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: `migrations failed: ${error.message}` })}\n`);
  process.exit(1);
});
