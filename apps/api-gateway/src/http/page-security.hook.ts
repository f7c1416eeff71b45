import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isHtml, PAGE_SECURITY_HEADERS } from './page-security';

/** Every HTML response, whichever controller or plugin made it, gets PAGE_SECURITY_HEADERS: one hook, not a copy per page. */
export function registerPageSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    if (isHtml(reply.getHeader('content-type'))) reply.headers(PAGE_SECURITY_HEADERS);
    done(null, payload);
  });
}
