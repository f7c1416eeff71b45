import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every acknowledgement leaves a dead row behind, and its entry in the
 * partial index of waiting hand-offs until a vacuum removes it: each relay
 * pass walks those entries before it reaches the first waiting one (25,000
 * acknowledged entries: ~700 index pages, 1–4 ms per pass, measured). By
 * default autovacuum comes after a fifth of the table has changed, and the
 * table keeps every hand-off, so the walk would grow with the table's age;
 * here it comes after a fixed number of dead rows (and at most a naptime,
 * a minute by default, later).
 */
export class VacuumOutboxHandoffsOften1765400000000 implements MigrationInterface {
  name = 'VacuumOutboxHandoffsOften1765400000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`ALTER TABLE ${schema}.outbox_handoffs SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 10000)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`ALTER TABLE ${schema}.outbox_handoffs RESET (autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold)`);
  }
}
