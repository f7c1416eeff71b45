import { Controller, Get } from '@nestjs/common';
import { AppError } from '@sdd/common';
import { Public } from '../auth/auth-context';
import { ServiceHealthChecker } from './service-health.checker';

/** GET /v1/health: public, no key; says only whether the whole system answers. */
@Public()
@Controller('v1/health')
export class PublicHealthController {
  constructor(private readonly checker: ServiceHealthChecker) {}

  @Get()
  async health(): Promise<{ status: 'ok' }> {
    const services = await this.checker.check();
    if (services.some((s) => s.status !== 'ok')) {
      throw AppError.serviceUnavailable('The service is temporarily unavailable. Retry later.');
    }
    return { status: 'ok' };
  }
}
