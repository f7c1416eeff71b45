import { randomToken } from '@sdd/common';

/** 33 base62 characters ≈ 196 bits: more than the 24 random bytes the contract asks of a signing secret. */
const SECRET_LENGTH = 33;

export function newSigningSecret(): string {
  return `whsec_${randomToken(SECRET_LENGTH)}`;
}

/** The secret columns of an endpoint, as sealed. */
export interface SealedSecrets {
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: Date | null;
}

/**
 * The secrets a request is signed with at `now`, newest first: the current
 * one, and the one the last rotation replaced until it expires. Never more
 * than two, however often the secret rotated.
 */
export function signingSecrets(endpoint: SealedSecrets, now: Date): string[] {
  const previousValid = endpoint.previousSecretSealed !== null && endpoint.previousSecretExpiresAt !== null && endpoint.previousSecretExpiresAt.getTime() > now.getTime();
  return previousValid ? [endpoint.secretSealed, endpoint.previousSecretSealed as string] : [endpoint.secretSealed];
}

/** When the secret a rotation replaces stops signing; null when it stops at once (0 hours). */
export function previousSecretExpiry(now: Date, expiresInHours: number): Date | null {
  return expiresInHours > 0 ? new Date(now.getTime() + expiresInHours * 3_600_000) : null;
}
