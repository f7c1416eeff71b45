/** Where a quote stands for one would-be claimant. */
export type ClaimStanding = 'free' | 'held_by_claimant' | 'used';

/** A quote is free, or already claimed by this claimant (a retry of the same delivery), or used by another. */
export function claimStanding(quote: { usedAt: Date | null; claimedBy: string | null }, claimant: string): ClaimStanding {
  if (!quote.usedAt) return 'free';
  return quote.claimedBy === claimant ? 'held_by_claimant' : 'used';
}

/** What the reconciler does with a lapsed claim once it has asked delivery-service about its claimant. */
export type ClaimSettlement = 'confirm' | 'release';

/** Confirmed only when the claimant's delivery exists and is the delivery of this quote. */
export function settleLapsedClaim(quoteId: string, delivery: { quoteId: string } | null): ClaimSettlement {
  return delivery?.quoteId === quoteId ? 'confirm' : 'release';
}
