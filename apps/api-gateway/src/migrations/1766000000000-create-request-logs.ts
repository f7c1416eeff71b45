import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The request log (request-logs/): one row per API request of a merchant,
 * kept 7 days. Listed newest first per merchant and mode (keyset on
 * created_at, id), found by request id, and purged by age: a BRIN index on
 * created_at, as rows come in time order, costs the inserts next to nothing.
 */
export class CreateRequestLogs1766000000000 implements MigrationInterface {
  name = 'CreateRequestLogs1766000000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`
      CREATE TABLE "${schema}".request_logs (
        id text PRIMARY KEY,
        merchant_id text NOT NULL,
        mode text NOT NULL CHECK (mode IN ('test', 'live')),
        method text NOT NULL,
        path text NOT NULL,
        status integer NOT NULL,
        request_id text NOT NULL,
        idempotency_key text,
        duration_ms integer NOT NULL,
        api_key_last4 text,
        member_id text,
        request_headers jsonb NOT NULL,
        response_headers jsonb NOT NULL,
        request_body text,
        request_body_truncated boolean NOT NULL,
        response_body text,
        response_body_truncated boolean NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX request_logs_page_idx ON "${schema}".request_logs (merchant_id, mode, created_at DESC, id DESC)`);
    await runner.query(`CREATE INDEX request_logs_request_id_idx ON "${schema}".request_logs (request_id)`);
    await runner.query(`CREATE INDEX request_logs_created_brin ON "${schema}".request_logs USING brin (created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "${runner.connection.driver.schema}".request_logs`);
  }
}
