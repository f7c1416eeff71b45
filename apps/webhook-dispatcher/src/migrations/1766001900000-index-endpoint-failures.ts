import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An endpoint's latest failures (event-read.repository.ts, `attemptsOfEndpoint`:
 * the webhook's health in the API and the dashboard) through an index of the
 * failed attempts only. Through `attempts_endpoint_recent_idx` the read went
 * over every attempt of the day to find the failures among them: 296 ms and
 * 9,932 buffers for an endpoint with 172,000 successful attempts that day
 * (`npm run bench:growth`). A successful attempt, nearly every one, writes
 * nothing to this index.
 *
 * Built CONCURRENTLY, outside a transaction, so the attempts table (10 M rows
 * at a month's retention) keeps taking writes while it is built; a build that
 * died leaves an invalid index, which the next run drops and builds again.
 */
export class IndexEndpointFailures1766001900000 implements MigrationInterface {
  name = 'IndexEndpointFailures1766001900000';
  transaction = false;

  async up(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`DROP INDEX CONCURRENTLY IF EXISTS ${schema}.attempts_endpoint_failed_idx`);
    await runner.query(`CREATE INDEX CONCURRENTLY attempts_endpoint_failed_idx ON ${schema}.attempts (endpoint_id, created_at, id) WHERE NOT succeeded`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`DROP INDEX CONCURRENTLY IF EXISTS ${schema}.attempts_endpoint_failed_idx`);
  }
}
