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

interface KeyFilter {
  /** Leave this key out. */
  except?: string;
  /** Only keys without an end date: the ones a merchant can keep using, and roll. */
  lasting?: boolean;
}

/** Keys of the scope that still authenticate. */
export function usableKeysQuery(manager: EntityManager, scope: MerchantScope, filter: KeyFilter = {}) {
  const query = manager
    .createQueryBuilder(ApiKeyEntity, 'k')
    .where('k.merchant_id = :merchantId AND k.mode = :mode', { merchantId: scope.merchantId, mode: scope.mode })
    .andWhere('k.revoked_at IS NULL')
    .andWhere(filter.lasting ? 'k.expires_at IS NULL' : '(k.expires_at IS NULL OR k.expires_at > now())');
  return filter.except ? query.andWhere('k.id <> :except', { except: filter.except }) : query;
}

export function countUsableKeys(manager: EntityManager, scope: MerchantScope, filter: KeyFilter = {}): Promise<number> {
  return usableKeysQuery(manager, scope, filter).getCount();
}
