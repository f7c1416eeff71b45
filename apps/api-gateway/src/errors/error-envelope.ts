import { HttpException } from '@nestjs/common';
import { ErrorCode, ErrorPayload, ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';

export interface ErrorEnvelope {
  error: {
    type: string;
    code: string;
    message: string;
    param: string | null;
    request_id: string;
  };
}

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
  if (status >= 500) return AppError.internal().toPayload();
  return invalid(ErrorCode.ParameterInvalid, exception.message);
}

/**
 * The single mapping from anything thrown to the error envelope. Returns
 * `unexpected: true` when the error is a bug, so the caller logs it; its
 * details never reach the client.
 */
export function toErrorEnvelope(
  exception: unknown,
  requestId: string,
): { status: number; body: ErrorEnvelope; unexpected: boolean } {
  let payload: ErrorPayload;
  let unexpected = false;
  if (exception instanceof AppError) payload = exception.toPayload();
  else if (exception instanceof HttpException) payload = fromHttpException(exception);
  else {
    payload = AppError.internal().toPayload();
    unexpected = true;
  }
  const { status, type, code, message, param } = payload;
  return { status, body: { error: { type, code, message, param, request_id: requestId } }, unexpected };
}
