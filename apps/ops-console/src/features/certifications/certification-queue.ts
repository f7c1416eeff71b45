import type { Driver } from '../drivers/drivers-api';

/** A certification waiting for an operator's decision, with the driver it belongs to. */
export interface PendingCertification {
  driverId: string;
  driverName: string;
  kind: Driver['certifications'][number]['kind'];
  province: Driver['certifications'][number]['province'];
  expiresAt: string | null;
}

/**
 * The queue, derived from the driver list (GET /v1/ops/drivers holds every
 * driver's certifications, at most 500 drivers): those `pending`, of drivers
 * not revoked, oldest driver first so the longest waiting are on top.
 */
export function pendingCertifications(drivers: readonly Driver[]): PendingCertification[] {
  return [...drivers]
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .flatMap((driver) =>
      driver.certifications
        .filter((certification) => certification.status === 'pending')
        .map((certification) => ({
          driverId: driver.id,
          driverName: driver.name,
          kind: certification.kind,
          province: certification.province,
          expiresAt: certification.expires_at,
        })),
    );
}
