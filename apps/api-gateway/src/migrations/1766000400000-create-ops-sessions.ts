import { MigrationInterface, QueryRunner } from 'typeorm';

/** The operator console's sessions: the cookie's token kept as its SHA-256; each ends when it expires or is signed out. */
export class CreateOpsSessions1766000400000 implements MigrationInterface {
  name = 'CreateOpsSessions1766000400000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`
      CREATE TABLE "${schema}".ops_sessions (
        id text PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`DROP TABLE "${schema}".ops_sessions`);
  }
}
