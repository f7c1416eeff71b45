import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import { RouteTemplates } from '../http/route-templates';
import { toErrorEnvelope } from './error-envelope';
import { fromFastifyError, isFastifyError, MAX_PARAM_LENGTH } from './fastify-error-map';
import { overlongParameter } from './overlong-parameter';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Fastify error a hook or parser failed with: Nest hands its filter a bare HttpException without the code. */
    frameworkError?: Error & { code: string };
  }
}

/**
 * Fastify refuses some URLs before routing (broken percent-encoding, a path
 * parameter over MAX_PARAM_LENGTH characters), so no Nest filter sees them:
 * without this its own body would go out, or our 500, instead of the envelope
 * every error carries. The adapter counts and logs these requests.
 */
export function frameworkErrorReplier(routes: RouteTemplates) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const param = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? overlongParameter(request.url, routes.all(), MAX_PARAM_LENGTH) : null;
    const { status, body, headers, unexpected } = toErrorEnvelope(fromFastifyError(error, param) ?? error, request.id);
    if (unexpected) PinoLogger.root?.error({ err: error, request_id: request.id }, 'unexpected error');
    void reply
      .code(status)
      .headers({ ...headers, 'X-Request-Id': request.id })
      .send(body);
  };
}

/** Keeps the code of a Fastify error (a parser's, a hook's) for ErrorEnvelopeFilter. */
export function captureFrameworkErrors(fastify: FastifyInstance): void {
  fastify.addHook('onError', (request, _reply, error, done) => {
    if (isFastifyError(error)) request.frameworkError = error;
    done();
  });
}
