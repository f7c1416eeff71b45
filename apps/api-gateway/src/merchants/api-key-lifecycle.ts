/** Rules of a key's life: how many a mode may hold, which keys count, how often a use is recorded. */

/** Rolls keep the old key for a grace period: without a cap, a leaked key could mint keys without end. */
export const MAX_UNEXPIRED_KEYS_PER_MODE = 5;

/** last_used_at is written at most this often per key, so authentication stays a read. */
export const LAST_USE_RESOLUTION_MS = 60_000;

export interface KeyLife {
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** A key that still authenticates: not revoked, and not past its grace period. */
export function isUsable(key: KeyLife, now: Date): boolean {
  return key.revokedAt === null && (key.expiresAt === null || key.expiresAt > now);
}

/** A key in its grace period was rolled already: only the key that replaced it may roll. */
export function isExpiring(key: KeyLife): boolean {
  return key.expiresAt !== null;
}

/**
 * How many usable keys the mode would hold after a roll: the others, the
 * rolled key while its grace lasts, and the new one.
 */
export function keysAfterRoll(otherUsableKeys: number, graceEnd: Date, now: Date): number {
  return otherUsableKeys + (graceEnd > now ? 1 : 0) + 1;
}

export function shouldRecordUse(lastUsedAt: Date | null, now: Date): boolean {
  return lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= LAST_USE_RESOLUTION_MS;
}
