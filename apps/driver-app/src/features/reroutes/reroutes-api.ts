import { api, type Schemas } from '../../api/client';
import { unwrap } from '@sdd/web';

export type Reroute = Schemas['PendingReroute'];

/** The new dropoff the merchant asked for on `deliveryId`, if one waits for the driver's answer. */
export async function pendingReroute(deliveryId: string): Promise<Reroute | null> {
  const list = await unwrap(api.GET('/v1/driver/reroutes'));
  return list.data.find((reroute) => reroute.delivery_id === deliveryId) ?? null;
}

export function answerReroute(deliveryId: string, accept: boolean): Promise<unknown> {
  return unwrap(api.POST('/v1/driver/deliveries/{deliveryId}/reroute', { params: { path: { deliveryId } }, body: { accept } }));
}
