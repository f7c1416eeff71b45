import { ErrorCode, ErrorPayload, ErrorType } from '@sdd/contracts';

/**
 * The one error class of the system. Use cases throw it; the bus carries it
 * across services unchanged; the gateway turns it into the HTTP envelope.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    readonly code: string,
    message: string,
    readonly param: string | null = null,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toPayload(): ErrorPayload {
    return { status: this.status, type: this.type, code: this.code, message: this.message, param: this.param };
  }

  static fromPayload(payload: ErrorPayload): AppError {
    return new AppError(payload.status, payload.type, payload.code, payload.message, payload.param);
  }

  static invalidRequest(code: string, message: string, param: string | null = null): AppError {
    return new AppError(400, ErrorType.InvalidRequest, code, message, param);
  }

  static notFound(message: string, param: string | null = null): AppError {
    return new AppError(404, ErrorType.InvalidRequest, ErrorCode.ResourceMissing, message, param);
  }

  static serviceUnavailable(message: string): AppError {
    return new AppError(503, ErrorType.Api, ErrorCode.ServiceUnavailable, message);
  }

  /** What the caller sees for a failure we did not foresee: no internals. */
  static internal(): AppError {
    return new AppError(500, ErrorType.Api, ErrorCode.InternalError, 'An internal error occurred. Retry later.');
  }
}

export function isErrorPayload(value: unknown): value is ErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.status === 'number' && typeof v.type === 'string' && typeof v.code === 'string' && typeof v.message === 'string';
}
