import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Secret rotation: the secret a rotation replaced stays valid (and signs every
 * request beside the new one) until it expires. At most one previous secret:
 * rotating again drops the one before it.
 */
export class AddPreviousSecret1764001400000 implements MigrationInterface {
  name = 'AddPreviousSecret1764001400000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`ALTER TABLE "${schema}".endpoints ADD COLUMN previous_secret_sealed text, ADD COLUMN previous_secret_expires_at timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`ALTER TABLE "${schema}".endpoints DROP COLUMN previous_secret_sealed, DROP COLUMN previous_secret_expires_at`);
  }
}
