import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The start of the receiver's response body (1 KiB at most), so the event log
 * shows why an endpoint refused an event. Attempts made before have none (null).
 */
export class AddAttemptResponseExcerpt1766000210000 implements MigrationInterface {
  name = 'AddAttemptResponseExcerpt1766000210000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${runner.connection.driver.schema}".attempts ADD COLUMN response_body_excerpt text`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${runner.connection.driver.schema}".attempts DROP COLUMN response_body_excerpt`);
  }
}
