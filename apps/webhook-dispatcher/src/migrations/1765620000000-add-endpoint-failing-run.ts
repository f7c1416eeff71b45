import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Auto-disable by decisions.md: each endpoint keeps its current run of
 * failures (when it began, its attempts and failures, counted as attempts are
 * recorded, never by scanning the attempt log), when the merchant was warned
 * of it and when and why the endpoint was disabled; and the merchant's email
 * (given by the gateway, which owns merchants) to send both notices to.
 */
export class AddEndpointFailingRun1765620000000 implements MigrationInterface {
  name = 'AddEndpointFailingRun1765620000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(
      `ALTER TABLE "${schema}".endpoints
         ADD COLUMN failing_since timestamptz,
         ADD COLUMN failing_attempts integer NOT NULL DEFAULT 0,
         ADD COLUMN failing_failures integer NOT NULL DEFAULT 0,
         ADD COLUMN warned_at timestamptz,
         ADD COLUMN disabled_at timestamptz,
         ADD COLUMN disabled_reason text,
         ADD COLUMN notify_email text`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(
      `ALTER TABLE "${schema}".endpoints
         DROP COLUMN failing_since, DROP COLUMN failing_attempts, DROP COLUMN failing_failures,
         DROP COLUMN warned_at, DROP COLUMN disabled_at, DROP COLUMN disabled_reason, DROP COLUMN notify_email`,
    );
  }
}
