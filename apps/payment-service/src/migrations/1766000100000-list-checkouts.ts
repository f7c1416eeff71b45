import { MigrationInterface, QueryRunner } from 'typeorm';

/** GET /v1/checkouts reads a merchant's checkouts in one mode newest first, keyset-paginated on (created_at, id). */
export class ListCheckouts1766000100000 implements MigrationInterface {
  name = 'ListCheckouts1766000100000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`CREATE INDEX checkouts_by_merchant ON ${schema}.checkouts (merchant_id, mode, created_at DESC, id DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`DROP INDEX ${schema}.checkouts_by_merchant`);
  }
}
