import { PickupLocation } from '@sdd/contracts';
import { PickupLocationEntity } from './pickup-location.entity';

export function presentPickupLocation(location: PickupLocationEntity): PickupLocation {
  return {
    id: location.id,
    name: location.name,
    address: location.address,
    phone: location.phone,
    licensed_for: location.licensedFor,
    license_number: location.licenseNumber,
    created_at: location.createdAt.toISOString(),
  };
}
