import { checkoutStatus, isPayable, statusAfterIntent } from './checkout-status';

const now = new Date('2026-11-24T12:00:00Z');
const later = new Date('2026-11-25T12:00:00Z');
const earlier = new Date('2026-11-23T12:00:00Z');

describe('checkoutStatus', () => {
  it('expires unpaid checkouts past their validity, never paid or used ones', () => {
    expect(checkoutStatus('open', later, now)).toBe('open');
    expect(checkoutStatus('open', earlier, now)).toBe('expired');
    expect(checkoutStatus('failed', earlier, now)).toBe('expired');
    expect(checkoutStatus('paid', earlier, now)).toBe('paid');
    expect(checkoutStatus('used', earlier, now)).toBe('used');
    expect(checkoutStatus('cancelled', earlier, now)).toBe('cancelled');
  });

  it('is payable only while open or failed', () => {
    expect(['open', 'failed', 'paid', 'used', 'cancelled', 'expired'].filter((s) => isPayable(s as never))).toEqual(['open', 'failed']);
  });
});

describe('statusAfterIntent', () => {
  it.each([
    ['open', 'succeeded', false, 'paid'],
    ['failed', 'succeeded', false, 'paid'],
    ['open', 'requires_payment_method', true, 'failed'],
    ['open', 'requires_payment_method', false, 'open'],
    ['open', 'requires_action', false, 'open'],
    ['open', 'canceled', false, 'cancelled'],
    ['paid', 'requires_payment_method', true, 'paid'],
    ['used', 'canceled', false, 'used'],
    ['cancelled', 'succeeded', false, 'cancelled'],
  ] as const)('%s + intent %s (error %p) → %s', (stored, status, lastPaymentError, expected) => {
    expect(statusAfterIntent(stored, { status, lastPaymentError })).toBe(expected);
  });
});
