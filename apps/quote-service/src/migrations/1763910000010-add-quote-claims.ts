import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A claim names its claimant (the delivery id) and holds until a deadline
 * unless confirmed: a delivery that never committed does not use a quote up.
 */
export class AddQuoteClaims1763910000010 implements MigrationInterface {
  name = 'AddQuoteClaims1763910000010';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`ALTER TABLE "${schema}".quotes ADD COLUMN claimed_by text, ADD COLUMN claimed_until timestamptz, ADD COLUMN confirmed_at timestamptz`);
    // Quotes used before claims lapsed were used by a delivery that committed.
    await runner.query(`UPDATE "${schema}".quotes SET confirmed_at = used_at WHERE used_at IS NOT NULL`);
    await runner.query(`CREATE INDEX quotes_unconfirmed_claims_idx ON "${schema}".quotes (claimed_until) WHERE used_at IS NOT NULL AND confirmed_at IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`DROP INDEX "${schema}".quotes_unconfirmed_claims_idx`);
    await runner.query(`ALTER TABLE "${schema}".quotes DROP COLUMN claimed_by, DROP COLUMN claimed_until, DROP COLUMN confirmed_at`);
  }
}
