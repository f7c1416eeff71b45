import type { components } from '../schema';

/** The error object of the API's envelope `{error: {type, code, message, param, request_id}}`, as the OpenAPI document describes it. */
export type ApiErrorBody = components['schemas']['Error'];

/** An error answer of the API: its HTTP status and the envelope's fields. */
export class SameDayError extends Error {
  override readonly name = 'SameDayError';
  /** The broad class: `invalid_request_error`, `authentication_error`, `rate_limit_error`… */
  readonly type: ApiErrorBody['type'];
  /** The precise, stable reason: `parameter_missing`, `quote_expired`, `delivery_in_progress`… */
  readonly code: string;
  /** The request field at fault as a dotted path (`customer.phone`), or null. */
  readonly param: string | null;
  /** The request's id (`req_…`), to quote to support; null only when the answer carried none. */
  readonly requestId: string | null;
  readonly status: number;
  /** How long the answer asked to wait before retrying (`Retry-After`), in milliseconds, when it said. */
  readonly retryAfterMs: number | undefined;

  /** `error` is the envelope's error object; its request_id null only when neither it nor the X-Request-Id header had one. */
  constructor(status: number, error: Omit<ApiErrorBody, 'request_id'> & { request_id: string | null }, retryAfterMs?: number) {
    super(error.message);
    this.status = status;
    this.type = error.type;
    this.code = error.code;
    this.param = error.param;
    this.requestId = error.request_id;
    this.retryAfterMs = retryAfterMs;
  }
}

/** No answer at all after every attempt: the connection failed or timed out. `cause` is the last failure. */
export class SameDayConnectionError extends Error {
  override readonly name = 'SameDayConnectionError';

  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
  }
}

const ERROR_TYPES: ReadonlySet<string> = new Set<ApiErrorBody['type']>([
  'invalid_request_error',
  'authentication_error',
  'payment_error',
  'permission_error',
  'idempotency_error',
  'rate_limit_error',
  'api_error',
]);

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const error = value as Record<string, unknown>;
  return typeof error.type === 'string' && ERROR_TYPES.has(error.type) && typeof error.code === 'string' && typeof error.message === 'string';
}

/**
 * The error an error answer stands for. `body` is the parsed JSON (or the text when it was not
 * JSON). Something other than the envelope (a proxy's page, say) becomes an `api_error` with
 * code `unexpected_response`, so callers always get the same fields.
 */
export function errorFromResponse(status: number, body: unknown, headers: { get(name: string): string | null }, retryAfterMs?: number): SameDayError {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  const requestId = headers.get('x-request-id');
  if (isErrorBody(error)) {
    return new SameDayError(status, { ...error, param: error.param ?? null, request_id: error.request_id ?? requestId }, retryAfterMs);
  }
  const message = `HTTP ${status} without the API's error envelope`;
  return new SameDayError(status, { type: 'api_error', code: 'unexpected_response', message, param: null, request_id: requestId }, retryAfterMs);
}
