import { MigrationInterface } from 'typeorm';
import { BaseConfig, directDatabaseUrl, loadConfig } from '@sdd/common';
import { runMigrations } from '@sdd/persistence';
import { schemaFor } from './service-runtime.module';

/**
 * Body of each app's `migrate` entry point (run by `npm start`, the Docker entrypoint and a k8s init container).
 * On DATABASE_DIRECT_URL: the migrations' advisory lock is a session's, which a transaction pooler does not keep.
 */
export function runMigrationsCommand(service: string, schema: string, migrations: Array<new () => MigrationInterface>): void {
  const log = (level: string, msg: string) => process.stdout.write(`${JSON.stringify({ level, service, msg })}\n`);
  Promise.resolve()
    .then(() => loadConfig(BaseConfig))
    .then((config) => runMigrations({ url: directDatabaseUrl(config), schema: schemaFor(config, schema), migrations, applicationName: `${service}-migrate` }))
    .then((applied) => log('info', applied.length ? `applied ${applied.join(', ')}` : 'schema up to date'))
    .catch((error: Error) => {
      log('fatal', `migrations failed: ${error.message}`);
      process.exit(1);
    });
}
