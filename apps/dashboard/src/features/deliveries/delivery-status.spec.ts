import { describe, expect, it } from '@jest/globals';
import { DELIVERY_STATUSES, statusLabel, statusTone } from './delivery-status';

describe('statusLabel', () => {
  it('has a label for every status', () => {
    for (const status of DELIVERY_STATUSES) expect(statusLabel(status)).not.toContain('_');
    expect(statusLabel('in_transit')).toBe('On the way');
  });

  it('shows an unknown status readably', () => {
    expect(statusLabel('held_at_depot')).toBe('held at depot');
  });
});

describe('statusTone', () => {
  it('tells ended from under way', () => {
    expect([statusTone('delivered'), statusTone('failed'), statusTone('picked_up')]).toEqual(['done', 'stopped', 'active']);
  });
});
