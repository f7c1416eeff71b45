import type { DeliveryStatus, PostalAddress } from '@sdd/contracts';

/** A reroute must be asked before the package is picked up. */
export const REROUTABLE: readonly DeliveryStatus[] = ['created', 'pending', 'driver_assigned', 'driver_at_pickup'];

/** decisions.md's 10 % drift rule, compared in integers so that exactly 10 % is never lost to floating point. */
export function withinRerouteDrift(oldFee: number, newFee: number): boolean {
  return Math.abs(newFee - oldFee) * 100 <= oldFee * 10;
}

/** A stop as free text again, for quote-service to price a new route from it. */
export function addressLine(address: PostalAddress): string {
  return [address.street, address.city, [address.province, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}
