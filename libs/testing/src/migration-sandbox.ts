import { Client } from 'pg';
import { testEnv, uniquePrefix } from './test-env';

type MigrationClass = new () => object;

export interface MigrationSandbox {
  /** A schema of its own in the test database. */
  schema: string;
  /** The schema quoted for SQL. */
  s: string;
  pg: Client;
  /** runMigrations options for this schema. */
  options(migrations: MigrationClass[]): { url: string; schema: string; migrations: MigrationClass[]; applicationName: string };
  /** For beforeAll. */
  open(): Promise<void>;
  /** For afterAll: drops the schema. */
  close(): Promise<void>;
}

/** A migration test's own schema and client: `beforeAll(sandbox.open)`, `afterAll(sandbox.close)`. */
export function migrationSandbox(label: string): MigrationSandbox {
  const { databaseUrl } = testEnv();
  const schema = uniquePrefix(label);
  const s = `"${schema}"`;
  const pg = new Client({ connectionString: databaseUrl });
  return {
    schema,
    s,
    pg,
    options: (migrations) => ({ url: databaseUrl, schema, migrations, applicationName: 'test' }),
    open: async () => {
      await pg.connect();
    },
    close: async () => {
      await pg.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
      await pg.end();
    },
  };
}
