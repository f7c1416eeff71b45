import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCookieAuth, ApiResponse } from '@nestjs/swagger';
import { ErrorEnvelopeResource } from '@sdd/public-api';

/** The security scheme every operation needs unless it is public (decisions.md, Public routes). */
export const API_KEY_SCHEME = 'api_key';

/** The operators' credential (OPS_API_TOKEN) for `/v1/ops/…`, and each driver's own token for `/v1/driver/…`. */
export const OPS_TOKEN_SCHEME = 'ops_token';
export const DRIVER_TOKEN_SCHEME = 'driver_token';
/** The driver app's session cookie (POST /v1/driver/sessions), in place of the driver token. */
export const DRIVER_SESSION_SCHEME = 'driver_session';
/** The operator console's session cookie (POST /v1/ops/sessions), in place of the operator token. */
export const OPS_SESSION_SCHEME = 'ops_session';

/** Documents an operation as needing `Authorization: Bearer <API key>`. */
export function ApiKeyAuth(): MethodDecorator & ClassDecorator {
  return ApiBearerAuth(API_KEY_SCHEME);
}

/** One documented error status, always with the envelope: the only error body the API returns. */
export function ApiErrorResponse(status: number, description: string): MethodDecorator & ClassDecorator {
  return ApiResponse({ status, description, type: ErrorEnvelopeResource });
}

/** What the JSON rules refuse before any handler sees the body. */
export function ApiJsonBodyErrorResponses(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiErrorResponse(413, '`invalid_request_error` / `payload_too_large`: the body is over 1 MB.'),
    ApiErrorResponse(415, '`invalid_request_error` / `unsupported_media_type`: Content-Type is not application/json.'),
  );
}

/** An operation that takes no body fields: none, or `{}`; anything else is refused like any other body. */
export function ApiEmptyBody(): MethodDecorator {
  return applyDecorators(
    ApiBody({
      required: false,
      description: 'No fields: send no body, or `{}`. Any field is refused with `parameter_unknown`.',
      schema: { type: 'object', properties: {}, additionalProperties: false },
    }),
    ApiErrorResponse(400, '`invalid_request_error`: the body is not valid JSON or not an object (`parameter_invalid`), or has a field (`parameter_unknown`).'),
    ApiJsonBodyErrorResponses(),
  );
}

/** The rate limiter counts every request of the public port, with or without a key. */
export function ApiRateLimitedResponse(
  description = '`rate_limit_error` / `rate_limit_exceeded`: over the per-minute limit; wait as long as `Retry-After` says.',
): MethodDecorator & ClassDecorator {
  return ApiResponse({
    status: 429,
    description,
    type: ErrorEnvelopeResource,
    headers: { 'Retry-After': { description: 'Seconds until the limit resets.', schema: { type: 'integer' } } },
  });
}

/** Any route that needs a backend service or Postgres answers this, fast, while one is down (decisions.md). */
export function ApiServiceUnavailableResponse(): MethodDecorator & ClassDecorator {
  return ApiResponse({
    status: 503,
    description:
      '`api_error` / `service_unavailable`: a service this request needs did not answer in time, or the gateway is at capacity and refused the request at once. Retry after `Retry-After`.',
    type: ErrorEnvelopeResource,
    headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } },
  });
}

/** What every operation of a keyed controller shares: the key, the rate limit, 401, and 503 while a service it needs is down. */
export function ApiKeyedController(): ClassDecorator {
  return applyDecorators(
    ApiKeyAuth(),
    ApiRateLimitedResponse(),
    ApiErrorResponse(401, '`authentication_error` / `api_key_missing` or `api_key_invalid`.'),
    ApiServiceUnavailableResponse(),
  );
}

/** A controller of the operator API: the operator token instead of an API key. */
export function ApiOpsController(): ClassDecorator {
  return applyDecorators(
    ApiBearerAuth(OPS_TOKEN_SCHEME),
    ApiCookieAuth(OPS_SESSION_SCHEME),
    ApiRateLimitedResponse(),
    ApiErrorResponse(401, '`authentication_error` / `ops_token_invalid`; with the session cookie, `ops_session_invalid` (the session expired, was signed out or is unknown).'),
    ApiErrorResponse(403, "With the session cookie: `permission_error` / `csrf_token_invalid`, a change without the session's `csrf_token` as `X-CSRF-Token`."),
    ApiServiceUnavailableResponse(),
  );
}

/** A controller of the driver API: the driver's own token, or the driver app's session cookie in its place. */
export function ApiDriverController(): ClassDecorator {
  return applyDecorators(
    ApiBearerAuth(DRIVER_TOKEN_SCHEME),
    ApiCookieAuth(DRIVER_SESSION_SCHEME),
    ApiRateLimitedResponse(),
    ApiErrorResponse(
      401,
      '`authentication_error` / `driver_token_invalid` (unknown or revoked), or `driver_token_expired` (an operator rotates it); with the session cookie, ' +
        'the same for the token it was exchanged for, or `driver_session_invalid` (the session expired, was signed out or is unknown).',
    ),
    ApiErrorResponse(403, "With the session cookie: `permission_error` / `csrf_token_invalid`, a change without the session's `csrf_token` as `X-CSRF-Token`."),
    ApiServiceUnavailableResponse(),
  );
}
