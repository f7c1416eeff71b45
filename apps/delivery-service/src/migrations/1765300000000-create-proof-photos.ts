import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Proof-of-delivery photos: the bytes live in the photo store (local disk or
 * S3-compatible), the record of which photo belongs to which delivery lives
 * here. One row per delivery and content, so a driver's retried upload
 * attaches the photo once.
 */
export class CreateProofPhotos1765300000000 implements MigrationInterface {
  name = 'CreateProofPhotos1765300000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`
      CREATE TABLE ${schema}.proof_photos (
        delivery_id text NOT NULL,
        sha256 text NOT NULL,
        driver_id text NOT NULL,
        key text NOT NULL,
        content_type text NOT NULL,
        bytes integer NOT NULL,
        uploaded_at timestamptz NOT NULL,
        PRIMARY KEY (delivery_id, sha256)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "${runner.connection.driver.schema}".proof_photos`);
  }
}
