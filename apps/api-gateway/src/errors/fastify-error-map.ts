import { ErrorCode, ErrorType } from '@sdd/contracts';
import { AppError, SERVICE_UNAVAILABLE_MESSAGE } from '@sdd/common';

/** Fastify's errors carry a `FST_ERR_…` code; their messages may quote the URL or internals, so none reaches a client. */
export interface FastifyCodedError {
  code: string;
  statusCode?: number;
}

/** Path parameters longer than this are refused by Fastify's router (its `maxParamLength`, left at the default). */
export const MAX_PARAM_LENGTH = 100;

const invalid = (status: number, code: string, message: string) => (param: string | null) => new AppError(status, ErrorType.InvalidRequest, code, message, param);

/**
 * Every Fastify error a client can cause, in our vocabulary, with the status
 * Fastify gives it. Codes not listed are the server's own mistakes (a route
 * declared twice, a reply sent twice, …): 500, logged. The spec checks this
 * table against the installed fastify's `errorCodes`, so a client error added
 * by an upgrade fails the build instead of becoming a 500.
 */
export const FASTIFY_CLIENT_ERRORS: Readonly<Record<string, (param: string | null) => AppError>> = {
  FST_ERR_NOT_FOUND: invalid(404, ErrorCode.ResourceMissing, 'Unrecognized request URL.'),
  FST_ERR_VALIDATION: invalid(400, ErrorCode.ParameterInvalid, 'The request is not valid.'),
  FST_ERR_CTP_BODY_TOO_LARGE: invalid(413, ErrorCode.PayloadTooLarge, 'The request body must not exceed 1 MB.'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: invalid(415, ErrorCode.UnsupportedMediaType, 'Content-Type must be application/json.'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: invalid(400, ErrorCode.ParameterInvalid, 'The request body does not match its Content-Length.'),
  FST_ERR_CTP_EMPTY_JSON_BODY: invalid(400, ErrorCode.InvalidJson, 'The request body is empty but Content-Type is application/json.'),
  FST_ERR_CTP_INVALID_JSON_BODY: invalid(400, ErrorCode.InvalidJson, 'The request body is not valid JSON.'),
  FST_ERR_BAD_URL: invalid(400, ErrorCode.ParameterInvalid, 'The URL is not valid: it has ill-formed percent-encoding.'),
  FST_ERR_INVALID_URL: invalid(400, ErrorCode.ParameterInvalid, 'The URL is not valid.'),
  FST_ERR_MAX_PARAM_LENGTH: (param) =>
    invalid(414, ErrorCode.ParameterInvalid, `${param === null ? 'A path parameter' : `\`${param}\``} must not exceed ${MAX_PARAM_LENGTH} characters.`)(param),
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: invalid(400, ErrorCode.ParameterMissing, 'This request needs a Content-Type header.'),
  FST_ERR_ROUTE_MISSING_CONTENT: invalid(400, ErrorCode.ParameterMissing, 'This request needs a body.'),
  FST_ERR_HANDLER_TIMEOUT: () => AppError.serviceUnavailable(SERVICE_UNAVAILABLE_MESSAGE),
};

/** Fastify's 4xx errors that a client cannot cause: a plugin calling a setup method too late. */
export const FASTIFY_SERVER_MISTAKES: readonly string[] = ['FST_ERR_CTP_INSTANCE_ALREADY_STARTED'];

export function isFastifyError(error: unknown): error is Error & FastifyCodedError {
  const code: unknown = error instanceof Error ? (error as Error & Partial<FastifyCodedError>).code : undefined;
  return typeof code === 'string' && code.startsWith('FST_');
}

/** The envelope's error for a Fastify error; `param` names the path parameter of FST_ERR_MAX_PARAM_LENGTH. Undefined: a server mistake. */
export function fromFastifyError(error: FastifyCodedError, param: string | null = null): AppError | undefined {
  return FASTIFY_CLIENT_ERRORS[error.code]?.(param);
}
