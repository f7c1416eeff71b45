import { Controller, Type } from '@nestjs/common';
import { BusHandler } from '@sdd/bus';
import { PingPattern, PingReply, ServiceName } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { Readiness } from './readiness';

/** Answers the service's ping on the bus, for the gateway's health check; fails when the service is not ready. */
export function createPingController(service: ServiceName, pattern: PingPattern): Type<unknown> {
  @Controller()
  class PingController {
    constructor(private readonly readiness: Readiness) {}

    @BusHandler(pattern)
    async ping(): Promise<PingReply> {
      try {
        await this.readiness.check();
      } catch {
        throw AppError.serviceUnavailable(`${service} is not ready`);
      }
      return { service, status: 'ok' };
    }
  }
  return PingController;
}
