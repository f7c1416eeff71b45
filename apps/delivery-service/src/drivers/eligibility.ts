import type { Category, CertificationKind, CertificationStatus, Vehicle } from '@sdd/contracts';

const VEHICLE_RANK: Readonly<Record<Vehicle, number>> = { bike: 0, car: 1, van: 2 };

/** A driver's vehicle carries what the quote priced for when it is at least as big. */
export function vehicleFits(driverVehicle: Vehicle, required: Vehicle): boolean {
  return VEHICLE_RANK[driverVehicle] >= VEHICLE_RANK[required];
}

/** The certification a category asks of its driver (delivery rule 4); none for standard deliveries. */
export function certificationFor(category: Category): CertificationKind | null {
  if (category === 'alcohol') return 'liquor_service';
  if (category === 'cannabis') return 'cannabis_retail';
  return null;
}

/** Approved and unexpired: a pending, revoked or expired certification never qualifies. */
export function certificationValid(certification: { status: CertificationStatus; expiresAt: Date | null }, now: Date): boolean {
  return certification.status === 'approved' && (certification.expiresAt === null || certification.expiresAt.getTime() > now.getTime());
}

/**
 * How far from the pickup dispatch looks, `elapsedMs` after it began: the
 * base radius, doubled every `widenEveryMs`, never beyond `maxKm`.
 */
export function searchRadiusKm(elapsedMs: number, baseKm: number, widenEveryMs: number, maxKm: number): number {
  const doublings = Math.max(0, Math.floor(elapsedMs / widenEveryMs));
  return Math.min(maxKm, baseKm * 2 ** Math.min(doublings, 30));
}
