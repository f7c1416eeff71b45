import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recovery: a failed delivery sent again runs the whole retry schedule again
 * as a new round (0 for the first). Attempt numbers are unique per round, so
 * the first round's attempts stay in the log beside the new ones.
 */
export class AddDeliveryRounds1764001410000 implements MigrationInterface {
  name = 'AddDeliveryRounds1764001410000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`ALTER TABLE "${schema}".event_deliveries ADD COLUMN round integer NOT NULL DEFAULT 0`);
    await runner.query(`ALTER TABLE "${schema}".attempts ADD COLUMN round integer NOT NULL DEFAULT 0`);
    await runner.query(`DROP INDEX "${schema}".attempts_number_idx`);
    await runner.query(`CREATE UNIQUE INDEX attempts_round_number_idx ON "${schema}".attempts (event_id, endpoint_id, round, number) WHERE number IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`DROP INDEX "${schema}".attempts_round_number_idx`);
    await runner.query(`DELETE FROM "${schema}".attempts WHERE round > 0`);
    await runner.query(`CREATE UNIQUE INDEX attempts_number_idx ON "${schema}".attempts (event_id, endpoint_id, number) WHERE number IS NOT NULL`);
    await runner.query(`ALTER TABLE "${schema}".attempts DROP COLUMN round`);
    await runner.query(`ALTER TABLE "${schema}".event_deliveries DROP COLUMN round`);
  }
}
