import { Controller, Get, Header } from '@nestjs/common';
import { metricsRegistry, scrapeMetrics } from '@sdd/common';
import { OpsRoute } from './ops-route';

/** Prometheus' scrape target, on the ops port only. */
@OpsRoute()
@Controller('metrics')
export class MetricsController {
  @Get()
  @Header('content-type', metricsRegistry.contentType)
  @Header('cache-control', 'no-store')
  metrics(): Promise<string> {
    return scrapeMetrics();
  }
}
