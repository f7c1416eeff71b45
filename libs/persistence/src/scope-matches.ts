import { FindOperator, Raw } from 'typeorm';

/**
 * A row's merchant and mode against a scope, for statements that find a row
 * by its id. Written `IS NOT DISTINCT FROM` (the same as `=` on these
 * non-null columns) because no index serves that form: with `=`, Postgres
 * may serve the statement from a scope index (merchant, mode, …) instead of
 * the primary key, and did for quotes while the table had no statistics yet
 * (its first minute, before autovacuum's first ANALYZE), reading every quote
 * of the merchant for each claim (bench/HISTORY.md, issue 16 sixth pass).
 */
export function scopeMatches(table: string, merchantId: string, mode: string): string {
  return `(${table}.merchant_id, ${table}.mode) IS NOT DISTINCT FROM (${merchantId}, ${mode})`;
}

/**
 * The same comparison for TypeORM's find and update conditions, spread beside
 * the id: `findOneBy({ id, ...inScope(scope) })`. Entities name the columns
 * `merchantId` and `mode`.
 */
export function inScope<Mode extends string>(scope: { merchantId: string; mode: Mode }): { merchantId: FindOperator<string>; mode: FindOperator<Mode> } {
  return {
    merchantId: Raw((column) => `${column} IS NOT DISTINCT FROM :scopeMerchantId`, { scopeMerchantId: scope.merchantId }),
    mode: Raw((column) => `${column} IS NOT DISTINCT FROM :scopeMode`, { scopeMode: scope.mode }),
  };
}
