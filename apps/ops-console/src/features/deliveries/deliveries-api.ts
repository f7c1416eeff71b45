import { api, type Schemas } from '../../api/client';
import { unwrap } from '@sdd/web';

export type OpsDelivery = Schemas['OpsDelivery'];
export type DeliveryState = 'active' | 'stuck';

export const listDeliveries = (state: DeliveryState): Promise<OpsDelivery[]> => unwrap(api.GET('/v1/ops/deliveries', { params: { query: { state } } })).then((list) => list.data);

export const reofferDelivery = (deliveryId: string): Promise<OpsDelivery> => unwrap(api.POST('/v1/ops/deliveries/{deliveryId}/reoffer', { params: { path: { deliveryId } } }));

export const cancelDelivery = (deliveryId: string): Promise<OpsDelivery> => unwrap(api.POST('/v1/ops/deliveries/{deliveryId}/cancel', { params: { path: { deliveryId } } }));

/** How the console says why a delivery is stuck. */
export const STUCK_LABELS: Readonly<Record<NonNullable<OpsDelivery['stuck']>['reason'], string>> = {
  no_driver: 'No driver yet',
  driver_still: 'Driver silent',
  late: 'Past its dropoff time',
};
