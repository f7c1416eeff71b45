import type { CheckoutStatus } from '@sdd/contracts';
import type { StoredCheckoutStatus } from './checkout.entity';

/**
 * One way a stored checkout shows a status: its stored status, whether its
 * validity has passed, and how much of it the succeeded refunds returned.
 * An unset part matches anything.
 */
export interface StoredStatusMatch {
  stored: StoredCheckoutStatus;
  validity?: 'running' | 'passed';
  refunded?: 'nothing' | 'part' | 'all';
}

/**
 * The stored checkouts that show `status` to their merchant: the inverse of
 * checkoutStatus and statusWithRefunds, so a list filtered in SQL agrees with
 * the status each listed checkout shows.
 */
export function storedMatchesOf(status: CheckoutStatus): StoredStatusMatch[] {
  switch (status) {
    case 'open':
    case 'failed':
      return [{ stored: status, validity: 'running' }];
    case 'expired':
      return [{ stored: 'expired' }, { stored: 'open', validity: 'passed' }, { stored: 'failed', validity: 'passed' }];
    case 'paid':
    case 'cancelled':
      return [{ stored: status }];
    case 'used':
      return [{ stored: 'used', refunded: 'nothing' }];
    case 'partially_refunded':
      return [{ stored: 'used', refunded: 'part' }];
    case 'refunded':
      return [{ stored: 'used', refunded: 'all' }];
  }
}
