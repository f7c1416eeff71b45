import { claimStanding, settleLapsedClaim } from './quote-claim';

describe('claimStanding', () => {
  const at = new Date('2026-11-23T12:00:00Z');

  it('is free when nobody claimed the quote', () => {
    expect(claimStanding({ usedAt: null, claimedBy: null }, 'del_test_a')).toBe('free');
  });

  it('lets the same claimant claim again', () => {
    expect(claimStanding({ usedAt: at, claimedBy: 'del_test_a' }, 'del_test_a')).toBe('held_by_claimant');
  });

  it('refuses another claimant, and a quote used before claims had claimants', () => {
    expect(claimStanding({ usedAt: at, claimedBy: 'del_test_a' }, 'del_test_b')).toBe('used');
    expect(claimStanding({ usedAt: at, claimedBy: null }, 'del_test_b')).toBe('used');
  });
});

describe('settleLapsedClaim', () => {
  it('confirms when the claimant delivery exists for this quote', () => {
    expect(settleLapsedClaim('qt_1', { quoteId: 'qt_1' })).toBe('confirm');
  });

  it('releases when no such delivery exists, or it is of another quote', () => {
    expect(settleLapsedClaim('qt_1', null)).toBe('release');
    expect(settleLapsedClaim('qt_1', { quoteId: 'qt_2' })).toBe('release');
  });
});
