import type { PickupLocationRecord, PickupLocationRecordList } from '@sdd/contracts';
import { presentAddress } from '../address/address.presenter';
import type { PickupLocationListResource, PickupLocationResource } from './location.resource';

export function presentPickupLocation(location: PickupLocationRecord): PickupLocationResource {
  return {
    id: location.id,
    name: location.name,
    address: presentAddress(location.address),
    phone: location.phone,
    licensed_for: location.licensedFor,
    license_number: location.licenseNumber,
    created_at: location.createdAt,
  };
}

export function presentPickupLocationList(list: PickupLocationRecordList): PickupLocationListResource {
  return { data: list.data.map(presentPickupLocation) };
}
