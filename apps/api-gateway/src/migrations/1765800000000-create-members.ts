import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A merchant's people (members), their dashboard sessions, and the one-use
 * tokens mailed to them (sign-in links, invitations). Every secret is kept
 * as a hash: passwords by scrypt, tokens by SHA-256.
 */
export class CreateMembers1765800000000 implements MigrationInterface {
  name = 'CreateMembers1765800000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`
      CREATE TABLE "${schema}".members (
        id text PRIMARY KEY,
        merchant_id text NOT NULL REFERENCES "${schema}".merchants (id),
        email text NOT NULL,
        role text NOT NULL CHECK (role IN ('owner', 'developer', 'viewer')),
        password_hash text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One member per email, whatever its case: signing in by email names one person of one merchant.
    await runner.query(`CREATE UNIQUE INDEX members_email_key ON "${schema}".members (lower(email))`);
    await runner.query(`CREATE INDEX members_merchant_idx ON "${schema}".members (merchant_id)`);
    await runner.query(`
      CREATE TABLE "${schema}".dashboard_sessions (
        id text PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        member_id text NOT NULL REFERENCES "${schema}".members (id) ON DELETE CASCADE,
        merchant_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await runner.query(`CREATE INDEX dashboard_sessions_member_idx ON "${schema}".dashboard_sessions (member_id)`);
    await runner.query(`
      CREATE TABLE "${schema}".member_tokens (
        id text PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        purpose text NOT NULL CHECK (purpose IN ('sign_in', 'invitation')),
        merchant_id text NOT NULL REFERENCES "${schema}".merchants (id),
        email text NOT NULL,
        role text CHECK (role IN ('owner', 'developer', 'viewer')),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = runner.connection.driver.schema;
    await runner.query(`DROP TABLE "${schema}".member_tokens`);
    await runner.query(`DROP TABLE "${schema}".dashboard_sessions`);
    await runner.query(`DROP TABLE "${schema}".members`);
  }
}
