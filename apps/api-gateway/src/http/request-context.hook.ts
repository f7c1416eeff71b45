import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { runWithRequestContext } from '@sdd/common';

/**
 * Runs each handler inside its request context, so logs and bus messages
 * carry the request id. A Fastify hook rather than a Nest interceptor: with
 * no interceptor, Nest skips its interceptor chain (observables and an
 * AsyncResource per step, ~10 % of the gateway's allocations per request).
 * `preHandler`, after the body is parsed: the body's stream events run
 * outside any context entered before them.
 */
export function registerRequestContext(fastify: FastifyInstance): void {
  fastify.addHook('preHandler', (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    runWithRequestContext({ requestId: request.id }, done);
  });
}
