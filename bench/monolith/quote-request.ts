import { CATEGORIES, Category, CreateQuoteRequest, ErrorCode, PackageSize, Vehicle } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { checkCreateQuoteRequest } from '../../apps/quote-service/src/quotes/create-quote.request-check';

/** What `POST /v1/quotes` carries once checked: quote-service's own request, without the caller's scope. */
export type QuoteRequest = Omit<CreateQuoteRequest, 'scope'>;

const FIELDS = ['pickup_address', 'dropoff_address', 'package_size', 'vehicle', 'scheduled_at', 'category'] as const;

/**
 * The body of `POST /v1/quotes` as the gateway reads it (unknown fields
 * refused, `package_size` small and `category` standard when left out), then
 * quote-service's own check: the same 400 naming the same field.
 */
export function readQuoteRequest(body: unknown): QuoteRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw AppError.invalidRequest(ErrorCode.ParameterInvalid, 'The request body must be a JSON object.');
  }
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).find((name) => !(FIELDS as readonly string[]).includes(name));
  if (unknown !== undefined) throw AppError.invalidRequest(ErrorCode.ParameterUnknown, `Received unknown parameter: ${unknown}.`, unknown);
  const request: QuoteRequest = {
    pickupAddress: fields.pickup_address as string,
    dropoffAddress: fields.dropoff_address as string,
    packageSize: (fields.package_size ?? 'small') as PackageSize,
    vehicle: fields.vehicle as Vehicle | undefined,
    scheduledAt: fields.scheduled_at as string | undefined,
    category: (fields.category ?? CATEGORIES[0]) as Category,
  };
  checkCreateQuoteRequest({ ...request, scope: { merchantId: '', mode: 'test' } });
  return request;
}
