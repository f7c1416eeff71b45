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

/**
 * The provinces whose certification a restricted delivery's driver must
 * hold: the pickup's, whose licence regime the goods are sold and collected
 * under, and the dropoff's, whose law (its legal age) the driver applies at
 * the door. One when the route stays in a province.
 */
export function certificationProvinces(pickupProvince: string, dropoffProvince: string): string[] {
  return pickupProvince === dropoffProvince ? [pickupProvince] : [pickupProvince, dropoffProvince];
}

/** Approved and unexpired: a pending, revoked or expired certification never qualifies. */
export function certificationValid(certification: { status: CertificationStatus; expiresAt: Date | null }, now: Date): boolean {
  return certification.status === 'approved' && (certification.expiresAt === null || certification.expiresAt.getTime() > now.getTime());
}

/** Every one of `provinces` has a valid certification among the driver's (of the kind asked). */
export function certifiedIn(
  certifications: ReadonlyArray<{ province: string; status: CertificationStatus; expiresAt: Date | null }>,
  provinces: readonly string[],
  now: Date,
): boolean {
  return provinces.every((province) => certifications.some((certification) => certification.province === province && certificationValid(certification, now)));
}

/**
 * How far from the pickup dispatch looks, `elapsedMs` after it began: the
 * base radius, doubled every `widenEveryMs`, never beyond `maxKm`.
 */
export function searchRadiusKm(elapsedMs: number, baseKm: number, widenEveryMs: number, maxKm: number): number {
  const doublings = Math.max(0, Math.floor(elapsedMs / widenEveryMs));
  return Math.min(maxKm, baseKm * 2 ** Math.min(doublings, 30));
}
