import { timingSafeEqual } from 'node:crypto';

/** Wrong PINs a delivery takes before its PIN is locked: 4 digits guessed 5 times is a 1-in-2,000 chance. */
export const PIN_ATTEMPT_LIMIT = 5;

/**
 * What a PIN sent at the door means, given the wrong ones already sent:
 * `unverified` (none sent), `verified`, `mismatch` (wrong, tries left),
 * `locked_now` (wrong, and that was the last try) or `locked` (locked
 * before: even the right PIN no longer verifies).
 */
export type PinCheck = 'unverified' | 'verified' | 'mismatch' | 'locked_now' | 'locked';

export function checkPin(sent: string | null, expected: string | null, wrongAttempts: number, limit = PIN_ATTEMPT_LIMIT): PinCheck {
  if (wrongAttempts >= limit) return sent === null ? 'unverified' : 'locked';
  if (sent === null) return 'unverified';
  if (expected !== null && samePin(sent, expected)) return 'verified';
  return wrongAttempts + 1 >= limit ? 'locked_now' : 'mismatch';
}

/** Whether the PIN is locked after `wrongAttempts` wrong tries. */
export function pinLocked(wrongAttempts: number, limit = PIN_ATTEMPT_LIMIT): boolean {
  return wrongAttempts >= limit;
}

/** In constant time, so that the time of a refusal does not tell how many digits were right. */
function samePin(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
