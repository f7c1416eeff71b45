import { Injectable } from '@nestjs/common';
import { HealthCheckResult, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { RedisHealthIndicator } from './redis.health';

/** Ready means: this process can reach the Postgres and the Redis it depends on. */
@Injectable()
export class Readiness {
  constructor(
    private readonly health: HealthCheckService,
    private readonly postgres: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
  ) {}

  check(): Promise<HealthCheckResult> {
    return this.health.check([() => this.postgres.pingCheck('postgres', { timeout: 1000 }), () => this.redis.pingCheck('redis')]);
  }
}
