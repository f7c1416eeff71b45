import { CHECKOUT_STATUSES } from '@sdd/contracts';
import type { StoredCheckoutStatus } from './checkout.entity';
import { checkoutStatus, statusWithRefunds } from './checkout-status';
import { StoredStatusMatch, storedMatchesOf } from './checkout-status-filter';

const STORED: StoredCheckoutStatus[] = ['open', 'paid', 'failed', 'cancelled', 'used', 'expired'];
const NOW = new Date('2026-11-27T12:00:00Z');
const AMOUNT = 5000;

function matches(match: StoredStatusMatch, row: { stored: StoredCheckoutStatus; expiresAt: Date; refunded: number }): boolean {
  if (match.stored !== row.stored) return false;
  if (match.validity === 'running' && row.expiresAt.getTime() <= NOW.getTime()) return false;
  if (match.validity === 'passed' && row.expiresAt.getTime() > NOW.getTime()) return false;
  if (match.refunded === 'nothing' && row.refunded > 0) return false;
  if (match.refunded === 'part' && (row.refunded <= 0 || row.refunded >= AMOUNT)) return false;
  if (match.refunded === 'all' && row.refunded < AMOUNT) return false;
  return true;
}

describe('storedMatchesOf', () => {
  // Every stored status, before and after its validity (and exactly at it), with no, part or all of its amount refunded.
  const rows = STORED.flatMap((stored) =>
    [new Date(NOW.getTime() + 60_000), NOW, new Date(NOW.getTime() - 60_000)].flatMap((expiresAt) => [0, 1000, AMOUNT].map((refunded) => ({ stored, expiresAt, refunded }))),
  );

  it.each(CHECKOUT_STATUSES)('selects exactly the checkouts that show %s', (status) => {
    const shown = rows.filter((row) => statusWithRefunds(checkoutStatus(row.stored, row.expiresAt, NOW), AMOUNT, row.refunded) === status);
    const selected = rows.filter((row) => storedMatchesOf(status).some((match) => matches(match, row)));
    expect(shown.length).toBeGreaterThan(0);
    expect(selected).toEqual(shown);
  });
});
