'use strict';

// Run as `node -r tools/register-paths.js tools/infra/migrate-apps.js <app>…` (launcher.js `migrateApps`): the
// migrations of the compiled apps named, side by side in this one process. Each is what that app's own `migrate`
// entry does (migrateService, as runMigrationsCommand calls it, on the same environment) without starting Node and loading the libraries once
// per app: a test system's start is mostly CPU, and five such processes were about a third of it. `npm start`, the
// image and the k8s init containers keep running each app's own entry.
require('reflect-metadata');
const path = require('node:path');
const { repoRoot } = require('./paths');

// The compiled libraries, by path as the apps themselves are: what runs is dist/, as for every launched app.
/** @type {typeof import('../../libs/common/src')} */
const { BaseConfig, loadConfig } = require(path.join(repoRoot, 'dist', 'libs', 'common', 'src', 'index.js'));
/** @type {typeof import('../../libs/runtime/src')} */
const { migrateService } = require(path.join(repoRoot, 'dist', 'libs', 'runtime', 'src', 'index.js'));

/** @param {string} level @param {string} service @param {string} msg */
const log = (level, service, msg) => process.stdout.write(`${JSON.stringify({ level, service, msg })}\n`);

/** @param {string[]} apps */
async function migrateApps(apps) {
  const config = loadConfig(BaseConfig);
  await Promise.all(
    apps.map((app) => {
      /** @type {{ SCHEMA: string, MIGRATIONS: Array<new () => import('typeorm').MigrationInterface> }} */
      const { SCHEMA, MIGRATIONS } = require(path.join(repoRoot, 'dist', 'apps', app, 'src', 'database.js'));
      return migrateService(config, app, SCHEMA, MIGRATIONS);
    }),
  );
}

migrateApps(process.argv.slice(2)).catch((/** @type {Error} */ error) => {
  log('fatal', 'migrate-apps', `migrations failed: ${error.message}`);
  process.exit(1);
});
