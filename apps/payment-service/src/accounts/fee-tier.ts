/** Service fee by the merchant's deliveries in the past 30 days (service-interface.md, Limits). */
export const FEE_TIERS: ReadonlyArray<{ from: number; ratePercent: number }> = [
  { from: 0, ratePercent: 10 },
  { from: 100, ratePercent: 8 },
  { from: 500, ratePercent: 6 },
  { from: 2000, ratePercent: 4 },
];

export function feeTierFor(deliveriesLast30Days: number): { ratePercent: number; nextTierAt: number | null } {
  if (!Number.isInteger(deliveriesLast30Days) || deliveriesLast30Days < 0) {
    throw new RangeError(`delivery count must be a whole number ≥ 0, got ${deliveriesLast30Days}`);
  }
  const index = FEE_TIERS.reduce((found, tier, i) => (deliveriesLast30Days >= tier.from ? i : found), 0);
  return { ratePercent: FEE_TIERS[index].ratePercent, nextTierAt: FEE_TIERS[index + 1]?.from ?? null };
}

/** The fee kept from the items subtotal (decisions.md, Money): round(items_subtotal × rate), never more than the subtotal. */
export function serviceFeeFor(itemsSubtotal: number, ratePercent: number): { serviceFee: number; developerNet: number } {
  if (!Number.isInteger(itemsSubtotal) || itemsSubtotal < 0) throw new RangeError(`items subtotal must be whole cents ≥ 0, got ${itemsSubtotal}`);
  const serviceFee = Math.round((itemsSubtotal * ratePercent) / 100);
  return { serviceFee, developerNet: itemsSubtotal - serviceFee };
}
