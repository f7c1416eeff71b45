import { MerchantScope } from '@sdd/contracts';
import { derivedId, newId } from '@sdd/common';

/**
 * The id a delivery gets. For an idempotent request it is derived from the
 * request's key, so every attempt of that request names the same delivery:
 * a retry after a crash between the quote claim and the commit is the same
 * claimant and claims the quote again.
 */
export function deliveryIdFor(scope: MerchantScope, idempotencyKey?: string): string {
  const prefix = scope.mode === 'test' ? 'del_test' : 'del';
  if (idempotencyKey === undefined) return newId(prefix);
  return derivedId(prefix, scope.merchantId, scope.mode, idempotencyKey);
}
