import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events carry `sequence` (issue 11): new ones get it from the outbox. The
 * bodies stored before get it here, appended as the last key like new ones,
 * so the log and a resend show it too. The outbox numbered each delivery's
 * events 1, 2, 3… and the dispatcher stores every one of them, so numbering
 * the stored events of a delivery by time gives the same numbers; two events
 * written at the same instant (a test delivery walked through several steps
 * at once) are put in the order of the flow, which is the order they had.
 * `webhook.test` events belong to no delivery: 0.
 */
export class AddEventSequence1764001500000 implements MigrationInterface {
  name = 'AddEventSequence1764001500000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`
      WITH numbered AS (
        SELECT id, CASE WHEN delivery_id IS NULL THEN 0 ELSE row_number() OVER (
          PARTITION BY merchant_id, mode, delivery_id
          ORDER BY created_at,
            CASE type WHEN 'delivery.created' THEN 1 WHEN 'delivery.driver_assigned' THEN 2 WHEN 'delivery.picked_up' THEN 3
              WHEN 'delivery.in_transit' THEN 4 ELSE 5 END,
            id
        ) END AS sequence
        FROM "${schema}".events
      )
      UPDATE "${schema}".events e SET body = left(e.body, -1) || ',"sequence":' || numbered.sequence || '}'
      FROM numbered
      WHERE e.id = numbered.id AND NOT (e.body::jsonb ? 'sequence')`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`UPDATE "${schema}".events SET body = regexp_replace(body, ',"sequence":[0-9]+}$', '}') WHERE body ~ ',"sequence":[0-9]+}$'`);
  }
}
