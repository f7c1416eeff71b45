/** How the Money page names the statuses of checkouts, payouts and refunds, and the colour of their badges. */
const LABELS: Record<string, string> = {
  open: 'Open',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
  used: 'Used',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
  pending: 'Pending',
  succeeded: 'Succeeded',
  not_connected: 'Not connected',
  connected: 'Connected',
};

/** A status as people read it; one the dashboard does not know yet, as the API spells it. */
export function moneyStatusLabel(status: string): string {
  return LABELS[status] ?? status.replaceAll('_', ' ');
}

/** Money that arrived or went where it should (done), that did not (stopped), or that is still moving (active). */
export function moneyStatusTone(status: string): 'done' | 'stopped' | 'active' {
  if (status === 'paid' || status === 'used' || status === 'succeeded' || status === 'connected') return 'done';
  if (status === 'failed' || status === 'expired' || status === 'cancelled' || status === 'refunded' || status === 'partially_refunded' || status === 'not_connected')
    return 'stopped';
  return 'active';
}

/** Why money went back to the customer, as a phrase: `delivery_cancelled` → "Delivery cancelled". */
export function refundReasonLabel(reason: string): string {
  const words = reason.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The merchant's fee tier as GET /v1/merchants/me gives it. */
export interface FeeTier {
  rate_percent: number;
  deliveries_last_30_days: number;
  next_tier_at: number | null;
}

/** How far the next, lower rate is: the deliveries still needed in 30 days, or null at the lowest rate. */
export function deliveriesToNextTier(tier: FeeTier): number | null {
  if (tier.next_tier_at === null) return null;
  return Math.max(0, tier.next_tier_at - tier.deliveries_last_30_days);
}

/** One sentence on the fee tier and the distance to the next one. */
export function feeTierSummary(tier: FeeTier): string {
  const current = `${tier.rate_percent} % service fee on items, from ${tier.deliveries_last_30_days} ${plural(tier.deliveries_last_30_days, 'delivery', 'deliveries')} in the past 30 days.`;
  const remaining = deliveriesToNextTier(tier);
  if (remaining === null) return `${current} This is the lowest rate.`;
  return `${current} ${remaining} more ${plural(remaining, 'delivery', 'deliveries')} in 30 days reach the next tier (at ${tier.next_tier_at}).`;
}

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}
