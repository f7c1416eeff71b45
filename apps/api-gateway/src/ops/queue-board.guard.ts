import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { presentError } from '@sdd/public-api';
import { isOpsRequest } from '../http/listeners';
import { OpsCredential } from '../auth/ops-credential';

/** Where the queue dashboard lives, on the ops port. */
export const QUEUE_BOARD_ROUTE = '/ops/queues';

const isBoardRoute = (route: string | undefined): boolean => route !== undefined && (route === QUEUE_BOARD_ROUTE || route.startsWith(`${QUEUE_BOARD_ROUTE}/`));

/**
 * The dashboard can retry, promote and delete jobs: every one of its routes
 * (held by the matched route, not the raw URL) answers on the ops port only
 * (404 elsewhere, as if absent) and to the operator credential only, which a
 * browser sends as the Basic password after the challenge. Refusals are
 * answered here, in the usual envelope: the dashboard's plugin has an error
 * handler of its own, which would turn them into 500s.
 */
export function queueBoardHook(credential: OpsCredential) {
  const refuse = (request: FastifyRequest, reply: FastifyReply, error: AppError): void => {
    void reply.status(error.status).send(presentError(error.toPayload(), request.id));
  };
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    if (!isBoardRoute(request.routeOptions.url)) return done();
    if (!isOpsRequest(request.raw)) return refuse(request, reply, new AppError(404, ErrorType.InvalidRequest, ErrorCode.ResourceMissing, 'Unrecognized request URL.'));
    if (credential.matches(request.headers.authorization, { basic: true })) return done();
    reply.header('www-authenticate', 'Basic realm="queues", charset="UTF-8"');
    refuse(request, reply, new AppError(401, ErrorType.Authentication, 'ops_token_invalid', 'The queue dashboard needs the operator token (OPS_API_TOKEN).'));
  };
}
