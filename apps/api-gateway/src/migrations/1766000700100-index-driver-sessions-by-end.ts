import { MigrationInterface, QueryRunner } from 'typeorm';

/** Driver sessions by when they ended (expired or signed out, whichever first): the purge finds those past their retention by it. */
export class IndexDriverSessionsByEnd1766000700100 implements MigrationInterface {
  name = 'IndexDriverSessionsByEnd1766000700100';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`CREATE INDEX driver_sessions_by_end ON "${schema}".driver_sessions ((LEAST(expires_at, revoked_at)))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`DROP INDEX "${schema}".driver_sessions_by_end`);
  }
}
