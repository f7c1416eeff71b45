import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A quote keeps the parts its fee is the sum of, as priced. A quote priced
 * before gets its whole fee as one `unitemized` part: its parts were never
 * kept, and the sum is still its fee.
 */
export class AddQuoteFeeBreakdown1766001000000 implements MigrationInterface {
  name = 'AddQuoteFeeBreakdown1766001000000';

  async up(runner: QueryRunner): Promise<void> {
    const quotes = `"${runner.connection.driver.schema}".quotes`;
    await runner.query(`ALTER TABLE ${quotes} ADD COLUMN IF NOT EXISTS fee_breakdown jsonb`);
    await runner.query(`UPDATE ${quotes} SET fee_breakdown = jsonb_build_array(jsonb_build_object('code', 'unitemized', 'amount', fee)) WHERE fee_breakdown IS NULL`);
    await runner.query(`ALTER TABLE ${quotes} ALTER COLUMN fee_breakdown SET NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${runner.connection.driver.schema}".quotes DROP COLUMN IF EXISTS fee_breakdown`);
  }
}
