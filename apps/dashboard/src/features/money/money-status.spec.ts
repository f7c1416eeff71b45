import { describe, expect, it } from '@jest/globals';
import { deliveriesToNextTier, feeTierSummary, moneyStatusLabel, moneyStatusTone, refundReasonLabel } from './money-status';

describe('moneyStatusLabel and moneyStatusTone', () => {
  it('names the statuses of checkouts, payouts and refunds', () => {
    expect(moneyStatusLabel('partially_refunded')).toBe('Partially refunded');
    expect(moneyStatusLabel('succeeded')).toBe('Succeeded');
    expect(moneyStatusLabel('some_new_status')).toBe('some new status');
  });

  it('colours money that arrived, that did not, and that is moving', () => {
    expect(moneyStatusTone('paid')).toBe('done');
    expect(moneyStatusTone('refunded')).toBe('stopped');
    expect(moneyStatusTone('pending')).toBe('active');
    expect(moneyStatusTone('open')).toBe('active');
  });
});

describe('deliveriesToNextTier and feeTierSummary', () => {
  it('counts the deliveries still needed for the next rate', () => {
    expect(deliveriesToNextTier({ rate_percent: 10, deliveries_last_30_days: 3, next_tier_at: 100 })).toBe(97);
    expect(feeTierSummary({ rate_percent: 10, deliveries_last_30_days: 1, next_tier_at: 100 })).toBe(
      '10 % service fee on items, from 1 delivery in the past 30 days. 99 more deliveries in 30 days reach the next tier (at 100).',
    );
  });

  it('says so at the lowest rate', () => {
    expect(deliveriesToNextTier({ rate_percent: 4, deliveries_last_30_days: 1200, next_tier_at: null })).toBeNull();
    expect(feeTierSummary({ rate_percent: 4, deliveries_last_30_days: 1200, next_tier_at: null })).toContain('This is the lowest rate.');
  });
});

describe('refundReasonLabel', () => {
  it('reads a reason as a phrase', () => {
    expect(refundReasonLabel('delivery_cancelled')).toBe('Delivery cancelled');
    expect(refundReasonLabel('late_payment')).toBe('Late payment');
  });
});
