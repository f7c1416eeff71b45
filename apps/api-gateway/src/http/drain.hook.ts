import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@sdd/common';
import { Lifecycle } from '@sdd/runtime';
import { toErrorEnvelope } from '../errors/error-envelope';
import { isOpsRequest } from './listeners';

/** Another replica can take the request at once. */
const RETRY_AFTER_SECONDS = '1';

/**
 * While the gateway drains (see exitGracefullyOnSignals) it still serves:
 * readiness already fails, and a request a load balancer sent just before it
 * noticed is better answered than refused. Every response sent from then on
 * closes its connection, so a keep-alive client reconnects, to another
 * replica, and the listener's close is not held up by connections kept open.
 * Once the listeners close, a request that still arrives on an open
 * connection (pipelined behind one in flight) is refused with the 503
 * envelope, not Fastify's own body. The ops port keeps answering, so the
 * probes can say "not ready".
 */
export function registerDrainHooks(app: NestFastifyApplication): void {
  const lifecycle = app.get(Lifecycle);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (!lifecycle.closing || isOpsRequest(request.raw)) {
      done();
      return;
    }
    const refusal = AppError.serviceUnavailable('The service is restarting. Retry shortly.');
    const { status, body } = toErrorEnvelope(refusal, request.id);
    reply.code(status).header('Retry-After', RETRY_AFTER_SECONDS).header('Connection', 'close').send(body);
  });
  fastify.addHook('onSend', (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    if (lifecycle.draining) reply.header('Connection', 'close');
    done(null, payload);
  });
}
