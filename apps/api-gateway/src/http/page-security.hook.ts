import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isHtml, pageSecurityHeaders } from './page-security';

/** Every HTML response, whichever controller or plugin made it, gets PAGE_SECURITY_HEADERS (or a stricter CSP of its own): one hook, not a copy per page. */
export function registerPageSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    if (isHtml(reply.getHeader('content-type'))) reply.headers(pageSecurityHeaders(reply.getHeader('content-security-policy')));
    done(null, payload);
  });
}
