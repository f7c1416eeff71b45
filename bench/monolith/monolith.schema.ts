/**
 * The monolith's own tables, in a schema of the bench run's (dropped with
 * the run's others): API keys by hash, quotes as quote-service stores them,
 * and deliveries as the public JSON they are read as (json, not jsonb:
 * the answer keeps the services' order of fields).
 */
export function monolithSchemaSql(schema: string): string {
  return `
    CREATE SCHEMA "${schema}";
    CREATE TABLE "${schema}".api_keys (key_hash text PRIMARY KEY, merchant_id text NOT NULL, mode text NOT NULL);
    CREATE TABLE "${schema}".quotes (
      id text PRIMARY KEY, merchant_id text NOT NULL, mode text NOT NULL, fee integer NOT NULL, fee_breakdown jsonb NOT NULL,
      currency text NOT NULL, eta_minutes integer NOT NULL, distance_km double precision NOT NULL, package_size text NOT NULL,
      vehicle text NOT NULL, category text NOT NULL, scheduled_at timestamptz, pickup jsonb NOT NULL, dropoff jsonb NOT NULL,
      expires_at timestamptz NOT NULL, used_at timestamptz, created_at timestamptz NOT NULL
    );
    CREATE TABLE "${schema}".deliveries (id text PRIMARY KEY, merchant_id text NOT NULL, mode text NOT NULL, resource json NOT NULL);
  `;
}
