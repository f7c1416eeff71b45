import type { StuckReason } from '@sdd/contracts';

/** How long a live delivery may wait for a driver, and its driver go without sending a position, before an operator is asked to step in. */
export interface StuckThresholds {
  unmatchedMs: number;
  stillMs: number;
}

/** What the rule reads of a live delivery under way. */
export interface DeliveryProgress {
  /** Waiting for a driver since then; null once a driver holds it. */
  waitingSince: Date | null;
  /** The driver holding it: when it last sent its position (null: never). */
  driver: { locatedAt: Date | null } | null;
  /** The dropoff time its quote promised. */
  dueAt: Date;
}

/**
 * Why a live delivery under way needs an operator, and since when, or null when it is moving as it should:
 * no driver took it within `unmatchedMs` of matching starting (`no_driver`); its driver sent no position for
 * `stillMs` (`driver_still`: the app reports every few seconds while on shift, so silence means a phone off,
 * out of coverage or left behind); or it is past its promised dropoff time (`late`). A delivery both waiting
 * and late reads `no_driver`: the cause comes before the symptom.
 */
export function stuckReason(delivery: DeliveryProgress, now: Date, thresholds: StuckThresholds): { reason: StuckReason; since: Date } | null {
  const at = now.getTime();
  if (delivery.waitingSince && at - delivery.waitingSince.getTime() >= thresholds.unmatchedMs) return { reason: 'no_driver', since: delivery.waitingSince };
  if (delivery.driver) {
    const lastSeen = delivery.driver.locatedAt;
    if (!lastSeen || at - lastSeen.getTime() >= thresholds.stillMs) return { reason: 'driver_still', since: lastSeen ?? delivery.dueAt };
  }
  if (at > delivery.dueAt.getTime()) return { reason: 'late', since: delivery.dueAt };
  return null;
}

/** The dropoff time a delivery's quote promised: when it was created (or is scheduled for) plus its ETA. */
export function promisedDropoffAt(createdAt: Date, scheduledAt: Date | null, etaMinutes: number): Date {
  return new Date((scheduledAt ?? createdAt).getTime() + etaMinutes * 60_000);
}
