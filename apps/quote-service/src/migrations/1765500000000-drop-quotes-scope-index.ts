import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * No statement reads quotes by merchant: every one finds a quote by its id
 * (the claim and the confirmation compare the scope in a form no index
 * serves, so that Postgres never prefers this index to the primary key).
 * Every quote written still paid for an entry in it, all of one merchant's
 * on the same rightmost page.
 */
export class DropQuotesScopeIndex1765500000000 implements MigrationInterface {
  name = 'DropQuotesScopeIndex1765500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX IF EXISTS "${runner.connection.driver.schema}".quotes_scope_idx`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`CREATE INDEX IF NOT EXISTS quotes_scope_idx ON ${schema}.quotes (merchant_id, mode, created_at)`);
  }
}
