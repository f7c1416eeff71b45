import { EntityManager } from 'typeorm';
import type { MerchantScope } from '@sdd/contracts';
import { ApiKeyEntity } from './api-key.entity';
import { MerchantEntity } from './merchant.entity';

/**
 * Serialises key changes of one merchant (roll, revoke) for the rest of the
 * transaction, so two concurrent calls cannot both pass the key-count checks.
 */
export async function lockMerchantKeys(manager: EntityManager, merchantId: string): Promise<void> {
  await manager.findOne(MerchantEntity, { where: { id: merchantId }, lock: { mode: 'pessimistic_write' } });
}

/** Keys of the scope that still authenticate, optionally leaving one out. */
export function usableKeysQuery(manager: EntityManager, scope: MerchantScope, options: { except?: string } = {}) {
  const query = manager
    .createQueryBuilder(ApiKeyEntity, 'k')
    .where('k.merchant_id = :merchantId AND k.mode = :mode', scope)
    .andWhere('k.revoked_at IS NULL')
    .andWhere('(k.expires_at IS NULL OR k.expires_at > now())');
  return options.except ? query.andWhere('k.id <> :except', { except: options.except }) : query;
}

export function countUsableKeys(manager: EntityManager, scope: MerchantScope, options: { except?: string } = {}): Promise<number> {
  return usableKeysQuery(manager, scope, options).getCount();
}
