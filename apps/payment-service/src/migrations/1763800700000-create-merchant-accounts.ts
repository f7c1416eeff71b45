import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMerchantAccounts1763800700000 implements MigrationInterface {
  name = 'CreateMerchantAccounts1763800700000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "${runner.connection.driver.schema}".merchant_accounts (
        merchant_id text PRIMARY KEY,
        stripe_account_id text NOT NULL UNIQUE,
        charges_enabled boolean NOT NULL DEFAULT false,
        payouts_enabled boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "${runner.connection.driver.schema}".merchant_accounts`);
  }
}
