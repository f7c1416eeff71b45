import { Link } from 'react-router-dom';

/** The delivery a payment belongs to, or a dash when it funds none. */
export function DeliveryLink({ deliveryId }: { deliveryId: string | null }) {
  return deliveryId ? <Link to={`/deliveries/${deliveryId}`}>{deliveryId}</Link> : <>—</>;
}
