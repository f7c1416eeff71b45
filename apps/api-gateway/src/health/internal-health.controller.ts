import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ServiceHealth } from '@sdd/contracts';
import { OpsRoute } from '@sdd/runtime';
import { ServiceHealthChecker } from './service-health.checker';

/** Per-service detail for operators, on the ops port only. */
@OpsRoute()
@Controller('internal/health')
export class InternalHealthController {
  constructor(private readonly checker: ServiceHealthChecker) {}

  @Get()
  @HttpCode(200)
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<{ status: 'ok' | 'degraded'; services: ServiceHealth[] }> {
    const services = await this.checker.check();
    const ok = services.every((s) => s.status === 'ok');
    if (!ok) reply.status(503);
    return { status: ok ? 'ok' : 'degraded', services };
  }
}
