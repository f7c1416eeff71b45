import { CATEGORIES, CreateQuoteRequest, ErrorCode, MAX_ADDRESS_LENGTH, PACKAGE_SIZES, VEHICLES } from '@sdd/contracts';
import { AppError, isWellFormedText } from '@sdd/common';

/** An ISO 8601 date-time with its offset is under 40 characters; anything longer is not one. */
const MAX_SCHEDULED_AT_LENGTH = 40;

const invalid = (param: string, reason: string) => AppError.invalidRequest(ErrorCode.ParameterInvalid, `Invalid ${param}: ${reason}.`, param);

function checkText(value: unknown, param: string, maxLength: number): void {
  if (typeof value !== 'string') throw invalid(param, 'must be a string');
  if (value.trim() === '') throw invalid(param, 'must not be empty');
  if (value.length > maxLength) throw invalid(param, `must be at most ${maxLength} characters`);
  if (!isWellFormedText(value)) throw invalid(param, 'must be well-formed Unicode text without NUL characters');
}

function checkOneOf(value: unknown, param: string, allowed: readonly string[]): void {
  if (typeof value !== 'string' || !allowed.includes(value)) throw invalid(param, `must be one of: ${allowed.join(', ')}`);
}

/**
 * quote-service does not trust its callers to have checked what it parses
 * and stores: a bus message with an over-long or ill-formed address (which
 * the parser would grind through, and Postgres refuse) is turned down with
 * the same 400 the gateway gives.
 */
export function checkCreateQuoteRequest(request: CreateQuoteRequest): void {
  checkText(request.pickupAddress, 'pickup_address', MAX_ADDRESS_LENGTH);
  checkText(request.dropoffAddress, 'dropoff_address', MAX_ADDRESS_LENGTH);
  checkOneOf(request.packageSize, 'package_size', PACKAGE_SIZES);
  checkOneOf(request.category, 'category', CATEGORIES);
  if (request.vehicle !== undefined) checkOneOf(request.vehicle, 'vehicle', VEHICLES);
  if (request.scheduledAt !== undefined) checkText(request.scheduledAt, 'scheduled_at', MAX_SCHEDULED_AT_LENGTH);
}
