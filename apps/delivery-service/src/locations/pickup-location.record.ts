import { PickupLocationRecord } from '@sdd/contracts';
import { PickupLocationEntity } from './pickup-location.entity';

export function toPickupLocationRecord(location: PickupLocationEntity): PickupLocationRecord {
  return {
    id: location.id,
    name: location.name,
    address: location.address,
    phone: location.phone,
    licensedFor: location.licensedFor,
    licenseNumber: location.licenseNumber,
    createdAt: location.createdAt.toISOString(),
  };
}
