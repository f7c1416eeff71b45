import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A checkout says when it was paid (issue 32: the dashboard's Payment
 * section): `paid_at`, set when payment-service records the payment's
 * success. Checkouts paid before this migration get the best time kept: one
 * still `paid` its last update (the payment, or a claim released since); a
 * `used` one when its delivery confirmed it (after the payment, usually
 * moments after). Others (open, failed, cancelled, expired) stay null: an
 * expired or cancelled one that was paid says so by its refund.
 */
export class RecordCheckoutPaidAt1766000800000 implements MigrationInterface {
  name = 'RecordCheckoutPaidAt1766000800000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`ALTER TABLE ${schema}.checkouts ADD COLUMN paid_at timestamptz`);
    await runner.query(`UPDATE ${schema}.checkouts SET paid_at = updated_at WHERE status = 'paid'`);
    await runner.query(`UPDATE ${schema}.checkouts SET paid_at = COALESCE(used_at, updated_at) WHERE status = 'used'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`ALTER TABLE ${schema}.checkouts DROP COLUMN paid_at`);
  }
}
