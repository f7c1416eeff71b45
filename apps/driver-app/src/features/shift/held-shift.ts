import type { ActiveDelivery } from '../delivery/DeliveryScreen';

/** What a reload must not lose: whether the driver is online (the API keeps them so), and the delivery in hand. */
export interface HeldShift {
  online: boolean;
  delivery: ActiveDelivery | null;
}

const KEY = 'driver-shift';
const NONE: HeldShift = { online: false, delivery: null };

/**
 * Kept for this tab only (sessionStorage: gone when the tab closes), so a
 * reload mid-shift returns to the same step, still reporting the location.
 * The driver API has no route that lists a driver's own state to ask instead.
 */
export function loadHeldShift(storage: Storage): HeldShift {
  try {
    const held = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<HeldShift> | null;
    const delivery = held?.delivery && typeof held.delivery.offer?.delivery_id === 'string' && typeof held.delivery.status === 'string' ? held.delivery : null;
    return { online: held?.online === true, delivery };
  } catch {
    return NONE;
  }
}

export function holdShift(storage: Storage, shift: HeldShift): void {
  if (shift.online || shift.delivery) storage.setItem(KEY, JSON.stringify(shift));
  else storage.removeItem(KEY);
}
