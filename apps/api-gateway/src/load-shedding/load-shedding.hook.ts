import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, Metrics } from '@sdd/common';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { GatewayConfig } from '../config';
import { toErrorEnvelope } from '../errors/error-envelope';
import { isOpsRequest } from '../http/listeners';
import { LoadBounds, overloadReason } from './admission';
import { LoadMonitor } from './load-monitor';

const SHED_MESSAGE = 'The service is at capacity. Retry after the time in Retry-After.';

export function loadBoundsOf(config: GatewayConfig): LoadBounds {
  return {
    maxInFlight: config.LOAD_SHED_MAX_IN_FLIGHT,
    maxBusPending: config.LOAD_SHED_MAX_BUS_PENDING,
    maxBusWaitMs: config.LOAD_SHED_MAX_BUS_WAIT_MS,
    maxEventLoopDelayMs: config.LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS,
  };
}

/**
 * Admission control, the first hook a request meets after the drain's: past a
 * load bound the request is answered 503 with Retry-After at once, before it
 * costs a key lookup, a rate-limit count or a bus request, instead of queueing
 * behind the others until nobody waits for its answer. The ops listener
 * (probes, metrics) is never refused, so readiness still answers.
 */
export function registerLoadShedding(app: NestFastifyApplication, config: GatewayConfig): void {
  const bus = app.get<BusClient>(BUS_CLIENT);
  const monitor = new LoadMonitor(bus);
  const bounds = loadBoundsOf(config);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (isOpsRequest(request.raw)) {
      done();
      return;
    }
    const reason = overloadReason(monitor.signals(), bounds);
    if (reason === undefined) {
      monitor.admitted(reply.raw);
      done();
      return;
    }
    Metrics.requestsShed.inc({ reason });
    const { status, body, headers } = toErrorEnvelope(AppError.serviceUnavailable(SHED_MESSAGE), request.id);
    reply.code(status).headers(headers).send(body);
  });
  fastify.addHook('onClose', async () => monitor.stop());
}
