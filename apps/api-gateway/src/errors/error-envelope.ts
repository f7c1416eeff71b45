import { HttpException } from '@nestjs/common';
import { ErrorCode, ErrorPayload, ErrorType } from '@sdd/contracts';
import { AppError, asServiceUnavailable, SERVICE_UNAVAILABLE_MESSAGE } from '@sdd/common';
import { ErrorEnvelopeResource, presentError } from '@sdd/public-api';
import { fromFastifyError, isFastifyError } from './fastify-error-map';

/**
 * Seconds a client is asked to wait after a 503: long enough for a restarted
 * dependency or a replica to come back, short enough not to idle a healthy one.
 */
export const RETRY_AFTER_SECONDS = 2;

/**
 * Framework errors in our vocabulary. Nest turns what Fastify rejects before
 * routing (unparsable JSON, wrong content type, oversized body) into bare
 * HttpExceptions carrying only a status; our own code throws AppError only.
 */
function fromHttpException(exception: HttpException): ErrorPayload {
  const status = exception.getStatus();
  const invalid = (code: string, message: string): ErrorPayload => ({
    status,
    type: ErrorType.InvalidRequest,
    code,
    message,
    param: null,
  });
  switch (status) {
    case 400:
      return invalid(ErrorCode.InvalidJson, 'The request body is not valid JSON.');
    case 404:
      return invalid(ErrorCode.ResourceMissing, 'Unrecognized request URL.');
    case 413:
      return invalid(ErrorCode.PayloadTooLarge, 'The request body must not exceed 1 MB.');
    case 415:
      return invalid(ErrorCode.UnsupportedMediaType, 'Content-Type must be application/json.');
  }
  // Terminus reports a failed readiness check as a bare 503.
  if (status === 503) return AppError.serviceUnavailable(SERVICE_UNAVAILABLE_MESSAGE).toPayload();
  if (status >= 500) return AppError.internal().toPayload();
  return invalid(ErrorCode.ParameterInvalid, exception.message);
}

/**
 * The single mapping from anything thrown to the error envelope. Returns
 * `unexpected: true` when the error is a bug, so the caller logs it; its
 * details never reach the client. A database or Redis that is down or too
 * slow (a raw driver error here, e.g. from the API-key lookup) is a 503, and
 * every 503 asks the client to retry after `RETRY_AFTER_SECONDS`.
 */
export function toErrorEnvelope(exception: unknown, requestId: string): { status: number; body: ErrorEnvelopeResource; unexpected: boolean; headers: Record<string, string> } {
  let payload: ErrorPayload;
  let unexpected = false;
  if (exception instanceof AppError) payload = exception.toPayload();
  else if (exception instanceof HttpException) payload = fromHttpException(exception);
  else {
    // A Fastify error a client caused (a router or parser refusal) maps by its code; any other is a bug or an outage.
    const refused = isFastifyError(exception) ? fromFastifyError(exception) : undefined;
    const outage = refused ? undefined : asServiceUnavailable(exception);
    payload = (refused ?? outage ?? AppError.internal()).toPayload();
    unexpected = refused === undefined && outage === undefined;
  }
  const headers: Record<string, string> = payload.status === 503 ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : {};
  return { status: payload.status, body: presentError(payload, requestId), unexpected, headers };
}
