import { MigrationInterface, QueryRunner } from 'typeorm';
import { Client } from 'pg';
import { testEnv, uniquePrefix } from '@sdd/testing';
import { runMigrations } from '../src';

class CreateWidgets1700000000000 implements MigrationInterface {
  name = 'CreateWidgets1700000000000';
  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`CREATE TABLE "${schema}".widgets (id text PRIMARY KEY)`);
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "${runner.connection.driver.schema}".widgets`);
  }
}

describe('runMigrations (real Postgres)', () => {
  const { databaseUrl } = testEnv();
  const schema = uniquePrefix('migrate');
  const pg = new Client({ connectionString: databaseUrl });

  beforeAll(() => pg.connect());
  afterAll(async () => {
    await pg.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pg.end();
  });

  const options = { url: databaseUrl, schema, migrations: [CreateWidgets1700000000000], applicationName: 'test' };

  it('creates the schema, applies pending migrations once, and records them in the schema', async () => {
    const [first, second] = await Promise.all([runMigrations(options), runMigrations(options)]);
    expect([...first, ...second]).toEqual(['CreateWidgets1700000000000']);
    const tables = await pg.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`, [schema]);
    expect(tables.rows.map((r: { table_name: string }) => r.table_name)).toEqual(['migrations', 'widgets']);
    expect(await runMigrations(options)).toEqual([]);
  });

  it('refuses a schema name that is not a plain identifier', async () => {
    await expect(runMigrations({ ...options, schema: 'x"; DROP TABLE y; --' })).rejects.toThrow(/Invalid schema name/);
  });
});
