import { ErrorCode } from '@sdd/contracts';
import { AppError } from '@sdd/common';

const VALIDATION_CODES = new Set<string>([ErrorCode.ParameterInvalid, ErrorCode.ParameterMissing, ErrorCode.ParameterUnknown]);

/**
 * What becomes of an Idempotency-Key whose request failed:
 * - `store`: a refusal (4xx) is the request's outcome, replayed like a success;
 * - `forget`: a validation failure or a rate limit created nothing; the key is
 *   free again, for the corrected request too;
 * - `release`: a 5xx or a timeout may hide a delivery that was created; the key
 *   keeps its body and its request token, and the next attempt with the same
 *   body settles it (the delivery, replayed, or a fresh run).
 */
export type FailedAttempt = 'store' | 'forget' | 'release';

export function failedAttempt(error: unknown): FailedAttempt {
  if (!(error instanceof AppError) || error.status >= 500) return 'release';
  if (error.status === 429 || VALIDATION_CODES.has(error.code)) return 'forget';
  return 'store';
}
