import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { listenerOf } from '../http/listeners';
import { OpsCredential } from '../auth/ops-credential';

/** Where the queue dashboard lives, on the ops port. */
export const QUEUE_BOARD_ROUTE = '/ops/queues';

type Refusal = { status: 404 | 401; body: string; headers: Record<string, string> };

/**
 * The dashboard can retry, promote and delete jobs: it answers on the ops
 * port only (404 elsewhere, as if absent) and to the operator credential
 * only, which a browser sends as the Basic password after the challenge.
 */
export function queueBoardRefusal(request: IncomingMessage, credential: OpsCredential): Refusal | undefined {
  if (listenerOf(request) !== 'ops') {
    return { status: 404, body: JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'Unrecognized request URL.', param: null } }), headers: {} };
  }
  if (credential.matches(request.headers.authorization, { basic: true })) return undefined;
  return {
    status: 401,
    body: JSON.stringify({ error: { type: 'authentication_error', code: 'ops_token_invalid', message: 'The queue dashboard needs the operator token (OPS_API_TOKEN).', param: null } }),
    headers: { 'www-authenticate': 'Basic realm="queues", charset="UTF-8"' },
  };
}

/** The Fastify hook that holds every route of the dashboard (by the matched route, not the raw URL) to that rule. */
export function queueBoardHook(credential: OpsCredential) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    const route = request.routeOptions.url;
    if (route === undefined || (route !== QUEUE_BOARD_ROUTE && !route.startsWith(`${QUEUE_BOARD_ROUTE}/`))) return done();
    const refusal = queueBoardRefusal(request.raw, credential);
    if (!refusal) return done();
    void reply.status(refusal.status).headers({ ...refusal.headers, 'content-type': 'application/json; charset=utf-8' }).send(refusal.body);
  };
}

/** The same rule as Nest middleware, which @bull-board/nestjs applies to the dashboard's root path. */
export function queueBoardMiddleware(credential: OpsCredential) {
  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    const refusal = queueBoardRefusal(request, credential);
    if (!refusal) return next();
    response.writeHead(refusal.status, { ...refusal.headers, 'content-type': 'application/json; charset=utf-8' }).end(refusal.body);
  };
}
