import { createHash } from 'node:crypto';
import { MerchantScope } from '@sdd/contracts';
import { newId } from '@sdd/common';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ID_LENGTH = 24;

function base62(bytes: Buffer, length: number): string {
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (out.length < length) {
    out += ALPHABET[Number(n % 62n)];
    n /= 62n;
  }
  return out;
}

/**
 * The id a delivery gets. For an idempotent request it is derived from the
 * request's key, so every attempt of that request names the same delivery:
 * a retry after a crash between the quote claim and the commit is the same
 * claimant and claims the quote again. The key is unguessable (the gateway
 * draws it), so the id is too.
 */
export function deliveryIdFor(scope: MerchantScope, idempotencyKey?: string): string {
  const prefix = scope.mode === 'test' ? 'del_test' : 'del';
  if (idempotencyKey === undefined) return newId(prefix);
  const digest = createHash('sha256').update(`${scope.merchantId}\n${scope.mode}\n${idempotencyKey}`).digest();
  return `${prefix}_${base62(digest, ID_LENGTH)}`;
}
