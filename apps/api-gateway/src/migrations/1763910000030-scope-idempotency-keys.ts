import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency keys belong to the merchant and mode, not to one API key (a
 * retry after a key roll must still match), and an attempt holds its key
 * only while it runs (a lease), so a crashed attempt does not hold it for
 * 24 hours. `request_token` names the request to delivery-service for the
 * key's 24 hours.
 */
export class ScopeIdempotencyKeys1763910000030 implements MigrationInterface {
  name = 'ScopeIdempotencyKeys1763910000030';

  async up(runner: QueryRunner): Promise<void> {
    const table = `"${runner.connection.driver.schema}".idempotency_keys`;
    const apiKeys = `"${runner.connection.driver.schema}".api_keys`;
    await runner.query(
      `ALTER TABLE ${table} ADD COLUMN merchant_id text, ADD COLUMN mode text, ADD COLUMN request_token text,
         ADD COLUMN locked_by text, ADD COLUMN locked_until timestamptz`,
    );
    await runner.query(`UPDATE ${table} k SET merchant_id = a.merchant_id, mode = a.mode FROM ${apiKeys} a WHERE a.id = k.api_key_id`);
    await runner.query(`DELETE FROM ${table} WHERE merchant_id IS NULL`);
    // Two API keys of one merchant and mode may have used the same key: the newest use keeps it.
    await runner.query(
      `DELETE FROM ${table} k USING ${table} newer
       WHERE newer.merchant_id = k.merchant_id AND newer.mode = k.mode AND newer.key = k.key
         AND (newer.created_at, newer.api_key_id) > (k.created_at, k.api_key_id)`,
    );
    await runner.query(`UPDATE ${table} SET request_token = replace(gen_random_uuid()::text, '-', '')`);
    // An attempt in flight during the upgrade has no lease to renew: it lapses now.
    await runner.query(`UPDATE ${table} SET locked_until = now() WHERE response_status IS NULL`);
    await runner.query(`ALTER TABLE ${table} DROP CONSTRAINT idempotency_keys_pkey`);
    await runner.query(`ALTER TABLE ${table} DROP COLUMN api_key_id`);
    await runner.query(
      `ALTER TABLE ${table} ALTER COLUMN merchant_id SET NOT NULL, ALTER COLUMN mode SET NOT NULL, ALTER COLUMN request_token SET NOT NULL,
         ADD PRIMARY KEY (merchant_id, mode, key)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    const table = `"${runner.connection.driver.schema}".idempotency_keys`;
    // Rows cannot be given back to the API key that made them: the 24-hour records start afresh.
    await runner.query(`DELETE FROM ${table}`);
    await runner.query(`ALTER TABLE ${table} DROP CONSTRAINT idempotency_keys_pkey`);
    await runner.query(
      `ALTER TABLE ${table} DROP COLUMN merchant_id, DROP COLUMN mode, DROP COLUMN request_token, DROP COLUMN locked_by, DROP COLUMN locked_until,
         ADD COLUMN api_key_id text NOT NULL, ADD PRIMARY KEY (api_key_id, key)`,
    );
  }
}
