'use strict';

// Run as `node -r tools/register-paths.js tools/infra/migrate-apps.js <app>…` (launcher.js `migrateApps`): the
// migrations of the compiled apps named, side by side in this one process. Each is what that app's own `migrate`
// entry does (runMigrationsCommand, on the same environment) without starting Node and loading the libraries once
// per app: a test system's start is mostly CPU, and five such processes were about a third of it. `npm start`, the
// image and the k8s init containers keep running each app's own entry.
require('reflect-metadata');
const path = require('node:path');
const { BaseConfig, directDatabaseUrl, loadConfig } = require('@sdd/common');
const { runMigrations } = require('@sdd/persistence');
const { schemaFor } = require('@sdd/runtime');
const { repoRoot } = require('./paths');

/** @param {string} level @param {string} service @param {string} msg */
const log = (level, service, msg) => process.stdout.write(`${JSON.stringify({ level, service, msg })}\n`);

/** @param {string[]} apps */
async function migrateApps(apps) {
  const config = loadConfig(BaseConfig);
  await Promise.all(
    apps.map(async (app) => {
      /** @type {{ SCHEMA: string, MIGRATIONS: Array<new () => import('typeorm').MigrationInterface> }} */
      const { SCHEMA, MIGRATIONS } = require(path.join(repoRoot, 'dist', 'apps', app, 'src', 'database.js'));
      const applied = await runMigrations({ url: directDatabaseUrl(config), schema: schemaFor(config, SCHEMA), migrations: MIGRATIONS, applicationName: `${app}-migrate` });
      log('info', app, applied.length ? `applied ${applied.join(', ')}` : 'schema up to date');
    }),
  );
}

migrateApps(process.argv.slice(2)).catch((/** @type {Error} */ error) => {
  log('fatal', 'migrate-apps', `migrations failed: ${error.message}`);
  process.exit(1);
});
