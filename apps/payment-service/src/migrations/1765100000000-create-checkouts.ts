import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Checkouts, the processor events already handled, and the money each
 * delivery moves (a transfer on delivered, a refund on cancelled or failed).
 * A merchant has one connected account per mode: test-mode onboarding uses the
 * processor's test keys and never makes the live account connected.
 */
export class CreateCheckouts1765100000000 implements MigrationInterface {
  name = 'CreateCheckouts1765100000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`ALTER TABLE ${schema}.merchant_accounts ADD COLUMN mode text NOT NULL DEFAULT 'live'`);
    await runner.query(`ALTER TABLE ${schema}.merchant_accounts ALTER COLUMN mode DROP DEFAULT`);
    await runner.query(`ALTER TABLE ${schema}.merchant_accounts DROP CONSTRAINT merchant_accounts_pkey`);
    await runner.query(`ALTER TABLE ${schema}.merchant_accounts ADD PRIMARY KEY (merchant_id, mode)`);
    await runner.query(`
      CREATE TABLE ${schema}.checkouts (
        id text PRIMARY KEY,
        merchant_id text NOT NULL,
        mode text NOT NULL,
        quote_id text NOT NULL,
        status text NOT NULL,
        currency text NOT NULL,
        delivery_fee integer NOT NULL,
        items_subtotal integer NOT NULL,
        amount integer NOT NULL,
        customer_id text NOT NULL,
        customer jsonb NOT NULL,
        payment_intent_id text NOT NULL UNIQUE,
        client_secret text NOT NULL,
        success_url text,
        cancel_url text,
        claimed_by text,
        claimed_until timestamptz,
        used_at timestamptz,
        payment jsonb,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX checkouts_claimed_by ON ${schema}.checkouts (claimed_by) WHERE claimed_by IS NOT NULL`);
    await runner.query(`CREATE INDEX checkouts_lapsed_claims ON ${schema}.checkouts (claimed_until) WHERE claimed_by IS NOT NULL AND used_at IS NULL`);
    await runner.query(`
      CREATE TABLE ${schema}.processor_events (
        id text PRIMARY KEY,
        type text NOT NULL,
        mode text NOT NULL,
        received_at timestamptz NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE ${schema}.money_movements (
        id text PRIMARY KEY,
        merchant_id text NOT NULL,
        mode text NOT NULL,
        delivery_id text NOT NULL,
        checkout_id text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('transfer', 'refund')),
        amount integer NOT NULL CHECK (amount > 0),
        currency text NOT NULL,
        status text NOT NULL,
        processor_id text,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        last_error text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        UNIQUE (delivery_id, kind)
      )`);
    await runner.query(`CREATE INDEX money_movements_due ON ${schema}.money_movements (next_attempt_at) WHERE status = 'pending'`);
    await runner.query(`CREATE INDEX money_movements_payouts ON ${schema}.money_movements (merchant_id, mode, created_at DESC, id DESC) WHERE kind = 'transfer'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = `"${runner.connection.driver.schema}"`;
    await runner.query(`DROP TABLE ${schema}.money_movements`);
    await runner.query(`DROP TABLE ${schema}.processor_events`);
    await runner.query(`DROP TABLE ${schema}.checkouts`);
    await runner.query(`DELETE FROM ${schema}.merchant_accounts WHERE mode = 'test'`);
    await runner.query(`ALTER TABLE ${schema}.merchant_accounts DROP CONSTRAINT merchant_accounts_pkey`);
    await runner.query(`ALTER TABLE ${schema}.merchant_accounts ADD PRIMARY KEY (merchant_id)`);
    await runner.query(`ALTER TABLE ${schema}.merchant_accounts DROP COLUMN mode`);
  }
}
