import { Inject, Injectable } from '@nestjs/common';
import { BACKEND_SERVICES, PING_PATTERN, ServiceHealth, ServiceName } from '@sdd/contracts';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { APP_CONFIG } from '@sdd/runtime';
import { GatewayConfig } from '../config';

/** Pings every backend service over the bus, in parallel, and times the round trips. */
@Injectable()
export class ServiceHealthChecker {
  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {}

  check(): Promise<ServiceHealth[]> {
    return Promise.all(BACKEND_SERVICES.map((service) => this.ping(service)));
  }

  private async ping(service: ServiceName): Promise<ServiceHealth> {
    const pattern = PING_PATTERN[service];
    const started = performance.now();
    const latency = () => Math.round((performance.now() - started) * 10) / 10;
    try {
      if (!pattern) throw new Error(`${service} has no ping pattern`);
      await this.bus.request(pattern, {}, { timeoutMs: this.config.HEALTH_TIMEOUT_MS });
      return { service, status: 'ok', latency_ms: latency() };
    } catch (error) {
      return { service, status: 'unavailable', latency_ms: latency(), error: (error as Error).message };
    }
  }
}
