import type { DeliveryStatus, DeliveryStopRecord, PostalAddress, ReroutePreviewRecord } from '@sdd/contracts';

/** A reroute must be asked before the package is picked up. */
export const REROUTABLE: readonly DeliveryStatus[] = ['created', 'pending', 'driver_assigned', 'driver_at_pickup'];

/** Reroutes a delivery may have: enough for a customer's change of mind or two, not a moving target for the driver. */
export const MAX_REROUTES = 3;

/**
 * decisions.md's 10 % drift rule, measured from what the customer paid (the
 * delivery's charged fee), never from the current fee: steps of 10 % from
 * each new fee would compound without end. Compared in integers so that
 * exactly 10 % is never lost to floating point.
 */
export function withinRerouteDrift(chargedFee: number, newFee: number): boolean {
  return Math.abs(newFee - chargedFee) * 100 <= chargedFee * 10;
}

/** Another reroute may be recorded while fewer than MAX_REROUTES were. */
export function mayRerouteAgain(rerouteCount: number): boolean {
  return rerouteCount < MAX_REROUTES;
}

/** A stop as free text again, for quote-service to price a new route from it. */
export function addressLine(address: PostalAddress): string {
  return [address.street, address.city, [address.province, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/**
 * What a reroute that passed its checks would do, as the dry run tells it:
 * the fee that becomes the delivery's, its drift from what the customer paid,
 * when it takes effect (at once without a driver, else when the driver
 * accepts) and the reroutes left once it is recorded.
 */
export function reroutePreview(
  delivery: { id: string; currency: string; chargedFee: number; rerouteCount: number; driverId: string | null },
  dropoff: DeliveryStopRecord,
  fee: number,
): ReroutePreviewRecord {
  return {
    deliveryId: delivery.id,
    dropoff,
    currency: delivery.currency,
    fee,
    chargedFee: delivery.chargedFee,
    drift: fee - delivery.chargedFee,
    takesEffect: delivery.driverId === null ? 'at_once' : 'when_driver_accepts',
    reroutesRemaining: MAX_REROUTES - (delivery.rerouteCount + 1),
  };
}
