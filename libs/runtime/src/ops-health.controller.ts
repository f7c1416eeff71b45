import { Controller, Get } from '@nestjs/common';
import { HealthCheck, HealthCheckResult } from '@nestjs/terminus';
import { Readiness } from './readiness';

/** Probes for the orchestrator, on the ops port only (never on the public API). */
@Controller('health')
export class OpsHealthController {
  constructor(private readonly readiness: Readiness) {}

  /** Alive as long as the event loop answers: restarting would not fix a database outage. */
  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @HealthCheck()
  ready(): Promise<HealthCheckResult> {
    return this.readiness.check();
  }
}
