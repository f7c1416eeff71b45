/** A driver's pay for one completed delivery: a share of the delivery fee, in whole cents (internal ledger). */
export function driverEarningFor(deliveryFee: number, payoutPercent: number): number {
  return Math.round((deliveryFee * payoutPercent) / 100);
}
