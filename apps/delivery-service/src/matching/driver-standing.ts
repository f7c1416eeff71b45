import type { DeliveryStatus, DriverStandingChange, DriverStatus } from '@sdd/contracts';

/** What an operator's change does to a driver: its status, and whether it is taken offline (and its work handed on). */
export function standingAfter(change: DriverStandingChange, current: DriverStatus): { status: DriverStatus; takenOffline: boolean } {
  switch (change) {
    case 'deactivate':
      return { status: 'deactivated', takenOffline: true };
    case 'reactivate':
      // Back to work, but not online: the driver says when it is.
      return { status: 'active', takenOffline: false };
    case 'force_offline':
      return { status: current, takenOffline: true };
  }
}

/**
 * What becomes of a delivery under way when its driver is taken off the
 * road: before pickup nobody holds the package, so it goes back to matching
 * (`rematch`); once picked up only this driver can bring it, so it stays
 * with the driver (`keep`: it can still report it) — unless the driver is
 * revoked, whose token no longer works: then it is `stranded`, for an
 * operator to handle.
 */
export function handOffFor(status: DeliveryStatus, revoked: boolean): 'rematch' | 'keep' | 'stranded' {
  if (status === 'driver_assigned' || status === 'driver_at_pickup') return 'rematch';
  return revoked ? 'stranded' : 'keep';
}
