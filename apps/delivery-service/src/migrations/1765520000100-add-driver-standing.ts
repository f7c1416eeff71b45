import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operators can take drivers off the road: `status` active, deactivated
 * (reactivable) or revoked (for good: the token fails, the driver leaves the
 * list), and every driver token now expires (`token_expires_at`). Tokens
 * issued before this get 30 days from the migration, the default session.
 */
export class AddDriverStanding1765520000100 implements MigrationInterface {
  name = 'AddDriverStanding1765520000100';

  async up(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`
      ALTER TABLE ${schema}.drivers
        ADD COLUMN status text NOT NULL DEFAULT 'active',
        ADD COLUMN token_expires_at timestamptz,
        ADD COLUMN revoked_at timestamptz`);
    await runner.query(`UPDATE ${schema}.drivers SET token_expires_at = now() + interval '30 days'`);
    await runner.query(`ALTER TABLE ${schema}.drivers ALTER COLUMN token_expires_at SET NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${runner.connection.driver.schema}".drivers DROP COLUMN status, DROP COLUMN token_expires_at, DROP COLUMN revoked_at`);
  }
}
