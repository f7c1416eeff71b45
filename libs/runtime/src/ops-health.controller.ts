import { Controller, Get, Res } from '@nestjs/common';
import { HealthCheck, HealthCheckResult } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { Lifecycle } from './lifecycle';
import { OpsRoute } from './ops-route';
import { Readiness } from './readiness';

/** Probes for the orchestrator, on the ops port only (never on the public API). */
@OpsRoute()
@Controller('health')
export class OpsHealthController {
  constructor(
    private readonly readiness: Readiness,
    private readonly lifecycle: Lifecycle,
  ) {}

  /** Alive as long as the event loop answers: restarting would not fix a database outage. */
  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Not ready from the first moment of a shutdown, whatever the dependencies say. */
  @Get('ready')
  @HealthCheck()
  ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthCheckResult> | HealthCheckResult {
    if (this.lifecycle.draining) {
      reply.status(503);
      return { status: 'shutting_down', info: {}, error: {}, details: {} };
    }
    return this.readiness.check();
  }
}
