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

/** Framework HTTP errors we expect (unknown route, wrong method…), in our vocabulary. */
function fromHttpException(exception: HttpException): ErrorPayload {
  const status = exception.getStatus();
  if (status === 404) {
    return { status, type: ErrorType.InvalidRequest, code: ErrorCode.ResourceMissing, message: 'Unrecognized request URL.', param: null };
  }
  if (status >= 500) return AppError.internal().toPayload();
  return { status, type: ErrorType.InvalidRequest, code: ErrorCode.ParameterInvalid, message: exception.message, param: null };
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
