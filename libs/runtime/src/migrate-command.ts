import { MigrationInterface } from 'typeorm';
import { BaseConfig, directDatabaseUrl, loadConfig } from '@sdd/common';
import { runMigrations } from '@sdd/persistence';
import { schemaFor } from './service-runtime.module';

const log = (level: string, service: string, msg: string) => process.stdout.write(`${JSON.stringify({ level, service, msg })}\n`);

/**
 * One service's migrations on `config`'s database, logged as that service.
 * On DATABASE_DIRECT_URL: the migrations' advisory lock is a session's, which a transaction pooler does not keep.
 */
export async function migrateService(config: BaseConfig, service: string, schema: string, migrations: Array<new () => MigrationInterface>): Promise<void> {
  const applied = await runMigrations({ url: directDatabaseUrl(config), schema: schemaFor(config, schema), migrations, applicationName: `${service}-migrate` });
  log('info', service, applied.length ? `applied ${applied.join(', ')}` : 'schema up to date');
}

/** Body of each app's `migrate` entry point (run by `npm start`, the Docker entrypoint and a k8s init container). */
export function runMigrationsCommand(service: string, schema: string, migrations: Array<new () => MigrationInterface>): void {
  Promise.resolve()
    .then(() => migrateService(loadConfig(BaseConfig), service, schema, migrations))
    .catch((error: Error) => {
      log('fatal', service, `migrations failed: ${error.message}`);
      process.exit(1);
    });
}
