import { OpsDeliveryRecord, OpsDeliveryRecordList } from '@sdd/contracts';
import { OpsDeliveryListResource, OpsDeliveryResource } from './ops-delivery.resource';

export function presentOpsDelivery(record: OpsDeliveryRecord): OpsDeliveryResource {
  const { driver } = record;
  return {
    object: 'ops_delivery',
    id: record.id,
    merchant_id: record.merchantId,
    status: record.status,
    category: record.category,
    pickup: record.pickup,
    dropoff: record.dropoff,
    driver: driver && { id: driver.id, name: driver.name, vehicle: driver.vehicle, lat: driver.lat, lng: driver.lng, located_at: driver.locatedAt },
    waiting_since: record.waitingSince,
    due_at: record.dueAt,
    stuck: record.stuck,
    created_at: record.createdAt,
  };
}

export function presentOpsDeliveryList(list: OpsDeliveryRecordList): OpsDeliveryListResource {
  return { data: list.data.map(presentOpsDelivery) };
}
