import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keys can be revoked at once (a leaked key must not wait out a grace period)
 * and show when they were last used, so a merchant can tell which key is safe
 * to revoke.
 */
export class AddApiKeyLifecycle1764001100000 implements MigrationInterface {
  name = 'AddApiKeyLifecycle1764001100000';

  async up(runner: QueryRunner): Promise<void> {
    const table = `"${runner.connection.driver.schema}".api_keys`;
    await runner.query(`ALTER TABLE ${table} ADD COLUMN revoked_at timestamptz, ADD COLUMN last_used_at timestamptz`);
    await runner.query(`CREATE INDEX api_keys_merchant_mode_idx ON ${table} (merchant_id, mode)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const table = `"${runner.connection.driver.schema}".api_keys`;
    await runner.query(`DROP INDEX "${runner.connection.driver.schema}".api_keys_merchant_mode_idx`);
    await runner.query(`ALTER TABLE ${table} DROP COLUMN revoked_at, DROP COLUMN last_used_at`);
  }
}
