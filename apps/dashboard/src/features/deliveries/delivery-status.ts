/** Every status a delivery can have, in the order a delivery goes through them; the last three end it otherwise. */
export const DELIVERY_STATUSES = ['created', 'pending', 'driver_assigned', 'driver_at_pickup', 'picked_up', 'in_transit', 'delivered', 'cancelled', 'failed', 'returned'] as const;

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const LABELS: Record<DeliveryStatus, string> = {
  created: 'Created',
  pending: 'Finding a driver',
  driver_assigned: 'Driver assigned',
  driver_at_pickup: 'Driver at pickup',
  picked_up: 'Picked up',
  in_transit: 'On the way',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  failed: 'Failed',
  returned: 'Returned',
};

/** A status as people read it; one the dashboard does not know yet, as the API spells it. */
export function statusLabel(status: string): string {
  return (LABELS as Record<string, string>)[status] ?? status.replaceAll('_', ' ');
}

/** Where a status stands: ended well, ended otherwise, or under way (for its badge's colour). */
export function statusTone(status: string): 'done' | 'stopped' | 'active' {
  if (status === 'delivered') return 'done';
  if (status === 'cancelled' || status === 'failed' || status === 'returned') return 'stopped';
  return 'active';
}
