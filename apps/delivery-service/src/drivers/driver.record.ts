import type { DriverRecord } from '@sdd/contracts';
import { DriverCertificationEntity } from './driver-certification.entity';
import { DriverEntity } from './driver.entity';

export function toDriverRecord(driver: DriverEntity, certifications: DriverCertificationEntity[]): DriverRecord {
  return {
    id: driver.id,
    name: driver.name,
    phone: driver.phone,
    vehicle: driver.vehicle,
    homeProvince: driver.homeProvince,
    online: driver.online,
    location: driver.lat !== null && driver.lng !== null && driver.locatedAt ? { lat: driver.lat, lng: driver.lng, at: driver.locatedAt.toISOString() } : null,
    certifications: certifications.map((c) => ({ kind: c.kind, province: c.province, status: c.status, expiresAt: c.expiresAt?.toISOString() ?? null })),
    status: driver.status,
    tokenExpiresAt: driver.tokenExpiresAt.toISOString(),
    createdAt: driver.createdAt.toISOString(),
  };
}
