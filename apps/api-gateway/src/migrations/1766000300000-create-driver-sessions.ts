import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The driver app's sessions: the cookie's token kept as its SHA-256, and the
 * SHA-256 of the driver token it was exchanged for (what delivery-service
 * knows the driver by), so rotating or revoking that token ends the session.
 */
export class CreateDriverSessions1766000300000 implements MigrationInterface {
  name = 'CreateDriverSessions1766000300000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`
      CREATE TABLE "${schema}".driver_sessions (
        id text PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        driver_token_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await runner.query(`CREATE INDEX driver_sessions_driver_token_idx ON "${schema}".driver_sessions (driver_token_hash)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`DROP TABLE "${schema}".driver_sessions`);
  }
}
