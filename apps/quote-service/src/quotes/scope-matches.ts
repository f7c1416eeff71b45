/**
 * The quote's merchant and mode against a scope, for statements that find a
 * quote by its id. Written `IS NOT DISTINCT FROM` (the same as `=` on these
 * non-null columns) because no index serves that form: with `=`, Postgres
 * could serve the statement from `quotes_scope_idx` (merchant, mode, created
 * at) instead of the primary key, and did while the table had no statistics
 * yet (its first minute, before autovacuum's first ANALYZE), reading every
 * quote of the merchant for each claim (bench/README.md, issue 16 sixth pass).
 */
export function scopeMatches(table: string, merchantId: string, mode: string): string {
  return `(${table}.merchant_id, ${table}.mode) IS NOT DISTINCT FROM (${merchantId}, ${mode})`;
}
