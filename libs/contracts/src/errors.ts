/** Error `type` values of the envelope (decisions.md, Errors). */
export const ErrorType = {
  InvalidRequest: 'invalid_request_error',
  Authentication: 'authentication_error',
  Payment: 'payment_error',
  Permission: 'permission_error',
  Idempotency: 'idempotency_error',
  RateLimit: 'rate_limit_error',
  Api: 'api_error',
} as const;
export type ErrorType = (typeof ErrorType)[keyof typeof ErrorType];

/** Error `code` values. Codes are part of the contract: never rename one. */
export const ErrorCode = {
  ParameterInvalid: 'parameter_invalid',
  ParameterMissing: 'parameter_missing',
  ParameterUnknown: 'parameter_unknown',
  InvalidJson: 'invalid_json',
  UnsupportedMediaType: 'unsupported_media_type',
  PayloadTooLarge: 'payload_too_large',
  ResourceMissing: 'resource_missing',
  InternalError: 'internal_error',
  ServiceUnavailable: 'service_unavailable',
  RateLimitExceeded: 'rate_limit_exceeded',
  /** GET /v1/events/stream: the merchant has EVENT_STREAM_MAX_PER_MERCHANT streams open already. */
  StreamLimitExceeded: 'stream_limit_exceeded',
  WebhookDisabled: 'webhook_disabled',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** How an error travels: over the bus, and (plus request_id) in the HTTP envelope. */
export interface ErrorPayload {
  status: number;
  type: ErrorType;
  code: string;
  message: string;
  param: string | null;
}
