import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@sdd/common';
import { ErrorCode } from '@sdd/contracts';
import { toErrorEnvelope } from './error-envelope';

/**
 * Fastify refuses a URL it cannot decode (broken percent-encoding, e.g. an
 * encoded lone surrogate) before routing, so no Nest filter sees it: without
 * this its own `{statusCode, code: "FST_ERR_BAD_URL"}` body would go out
 * instead of the envelope every error carries.
 */
export function replyToFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const refused =
    error.code === 'FST_ERR_BAD_URL'
      ? AppError.invalidRequest(ErrorCode.ParameterInvalid, 'The URL is not valid: it has ill-formed percent-encoding.')
      : error;
  const { status, body, headers } = toErrorEnvelope(refused, request.id);
  void reply.code(status).headers({ ...headers, 'X-Request-Id': request.id }).send(body);
}
