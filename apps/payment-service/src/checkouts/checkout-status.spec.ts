import { chargeMatchesCheckout, checkoutStatus, expiryAction, isLatePayment, isPayable, statusAfterIntent, statusWithRefunds } from './checkout-status';

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
    ['expired', 'succeeded', false, 'expired'],
  ] as const)('%s + intent %s (error %p) → %s', (stored, status, lastPaymentError, expected) => {
    expect(statusAfterIntent(stored, { status, lastPaymentError })).toBe(expected);
  });
});

describe('statusWithRefunds', () => {
  it('marks a used checkout refunded in full or in part, and leaves every other status alone', () => {
    expect(statusWithRefunds('used', 3499, 0)).toBe('used');
    expect(statusWithRefunds('used', 3499, 2500)).toBe('partially_refunded');
    expect(statusWithRefunds('used', 3499, 3499)).toBe('refunded');
    expect(statusWithRefunds('cancelled', 3499, 3499)).toBe('cancelled');
    expect(statusWithRefunds('expired', 3499, 3499)).toBe('expired');
  });
});

describe('isLatePayment', () => {
  it('is late for a cancelled or expired checkout, or an unpaid one past its validity', () => {
    expect(isLatePayment('cancelled', later, now)).toBe(true);
    expect(isLatePayment('expired', later, now)).toBe(true);
    expect(isLatePayment('open', earlier, now)).toBe(true);
    expect(isLatePayment('failed', earlier, now)).toBe(true);
    expect(isLatePayment('open', later, now)).toBe(false);
    expect(isLatePayment('paid', earlier, now)).toBe(false);
    expect(isLatePayment('used', earlier, now)).toBe(false);
  });
});

describe('expiryAction', () => {
  it.each([
    ['succeeded', 'refund'],
    ['canceled', 'close'],
    ['processing', 'wait'],
    ['requires_payment_method', 'cancel'],
    ['requires_action', 'cancel'],
    ['requires_confirmation', 'cancel'],
  ])('%s -> %s', (status, action) => {
    expect(expiryAction(status)).toBe(action);
  });
});

describe('chargeMatchesCheckout', () => {
  it('needs the same amount and currency', () => {
    expect(chargeMatchesCheckout({ amountReceived: 3499, currency: 'cad' }, { amount: 3499, currency: 'cad' })).toBe(true);
    expect(chargeMatchesCheckout({ amountReceived: 3499, currency: 'CAD' }, { amount: 3499, currency: 'cad' })).toBe(true);
    expect(chargeMatchesCheckout({ amountReceived: 100, currency: 'cad' }, { amount: 3499, currency: 'cad' })).toBe(false);
    expect(chargeMatchesCheckout({ amountReceived: 3499, currency: 'usd' }, { amount: 3499, currency: 'cad' })).toBe(false);
  });
});
