import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the customer paid for the delivery, which reroutes drift from, and how
 * many reroutes a delivery had. Existing rows: the fee their checkout charged
 * (amount − items), else the fee of their delivery.created event (the price
 * at creation), else the current fee; the reroutes their events record, plus
 * one still waiting for its driver.
 */
export class AddDeliveryChargedFeeAndRerouteCount1765510000000 implements MigrationInterface {
  name = 'AddDeliveryChargedFeeAndRerouteCount1765510000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`ALTER TABLE ${schema}.deliveries ADD COLUMN charged_fee integer, ADD COLUMN reroute_count integer NOT NULL DEFAULT 0`);
    await runner.query(`
      UPDATE ${schema}.deliveries d SET
        charged_fee = COALESCE(
          (d.payment->>'amountCharged')::integer - (d.payment->>'itemsSubtotal')::integer,
          (SELECT (e.payload->>'fee')::integer FROM ${schema}.outbox_events e WHERE e.delivery_id = d.id AND e.type = 'delivery.created' ORDER BY e.sequence LIMIT 1),
          d.fee),
        reroute_count =
          (SELECT count(*) FROM ${schema}.outbox_events e WHERE e.delivery_id = d.id AND e.type IN ('delivery.reroute_accepted', 'delivery.reroute_declined'))
          + CASE WHEN d.pending_reroute IS NULL THEN 0 ELSE 1 END`);
    await runner.query(`ALTER TABLE ${schema}.deliveries ALTER COLUMN charged_fee SET NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "${runner.connection.driver.schema}".deliveries DROP COLUMN charged_fee, DROP COLUMN reroute_count`);
  }
}
