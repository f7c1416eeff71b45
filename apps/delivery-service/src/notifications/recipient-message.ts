import type { DeliveryStatus } from '@sdd/contracts';

/** The steps the recipient hears about (issue 14): a driver is coming, the package is on its way, it arrived. */
export const NOTIFIED_STEPS: readonly DeliveryStatus[] = ['driver_assigned', 'in_transit', 'delivered'];

export interface RecipientMessage {
  subject: string;
  text: string;
}

/** The email a recipient gets at one step; undefined for steps nobody is told about. */
export function recipientMessageFor(step: DeliveryStatus, delivery: { recipientName: string; trackingUrl: string; pickupName: string | null }): RecipientMessage | undefined {
  const firstName = delivery.recipientName.trim().split(/\s+/)[0] || 'there';
  const from = delivery.pickupName ? ` from ${delivery.pickupName}` : '';
  const track = `Follow it live: ${delivery.trackingUrl}`;
  switch (step) {
    case 'driver_assigned':
      return { subject: 'A driver is on the way to pick up your delivery', text: `Hi ${firstName},\n\nA driver is heading to pick up your delivery${from}.\n${track}\n` };
    case 'in_transit':
      return { subject: 'Your delivery is on its way', text: `Hi ${firstName},\n\nYour delivery${from} is on its way to you.\n${track}\n` };
    case 'delivered':
      return { subject: 'Your delivery has arrived', text: `Hi ${firstName},\n\nYour delivery${from} was delivered.\n` };
    default:
      return undefined;
  }
}
