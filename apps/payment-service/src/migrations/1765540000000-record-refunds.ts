import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds become visible and checkouts close their loose ends: a refund may
 * belong to a checkout no delivery used (cancelled, expired, paid late; at
 * most one per checkout), says why it was made, and remembers when
 * delivery-service recorded it (delivery.refunded). Refunds made before this
 * migration are given a reason from their amount (the whole amount: a
 * cancelled delivery; less: a failed one) and are reported to
 * delivery-service like new ones.
 */
export class RecordRefunds1765540000000 implements MigrationInterface {
  name = 'RecordRefunds1765540000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`ALTER TABLE ${schema}.money_movements ALTER COLUMN delivery_id DROP NOT NULL`);
    await runner.query(`ALTER TABLE ${schema}.money_movements ADD COLUMN reason text`);
    await runner.query(`ALTER TABLE ${schema}.money_movements ADD COLUMN announced_at timestamptz`);
    await runner.query(`
      UPDATE ${schema}.money_movements m
         SET reason = CASE WHEN m.amount >= c.amount THEN 'delivery_cancelled' ELSE 'delivery_failed' END
        FROM ${schema}.checkouts c
       WHERE c.id = m.checkout_id AND m.kind = 'refund'`);
    await runner.query(`CREATE UNIQUE INDEX money_movements_checkout_refund ON ${schema}.money_movements (checkout_id) WHERE kind = 'refund' AND delivery_id IS NULL`);
    await runner.query(`CREATE INDEX money_movements_checkout ON ${schema}.money_movements (checkout_id)`);
    await runner.query(`CREATE INDEX money_movements_refunds ON ${schema}.money_movements (merchant_id, mode, created_at DESC, id DESC) WHERE kind = 'refund'`);
    await runner.query(
      `CREATE INDEX money_movements_unannounced ON ${schema}.money_movements (updated_at) WHERE kind = 'refund' AND status = 'paid' AND delivery_id IS NOT NULL AND announced_at IS NULL`,
    );
    await runner.query(`CREATE INDEX checkouts_expiring ON ${schema}.checkouts (expires_at) WHERE status IN ('open', 'failed', 'paid') AND claimed_by IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`DROP INDEX ${schema}.checkouts_expiring`);
    await runner.query(`UPDATE ${schema}.checkouts SET status = 'open' WHERE status = 'expired'`);
    await runner.query(`DROP INDEX ${schema}.money_movements_unannounced`);
    await runner.query(`DROP INDEX ${schema}.money_movements_refunds`);
    await runner.query(`DROP INDEX ${schema}.money_movements_checkout`);
    await runner.query(`DROP INDEX ${schema}.money_movements_checkout_refund`);
    await runner.query(`DELETE FROM ${schema}.money_movements WHERE delivery_id IS NULL`);
    await runner.query(`ALTER TABLE ${schema}.money_movements DROP COLUMN announced_at`);
    await runner.query(`ALTER TABLE ${schema}.money_movements DROP COLUMN reason`);
    await runner.query(`ALTER TABLE ${schema}.money_movements ALTER COLUMN delivery_id SET NOT NULL`);
  }
}
