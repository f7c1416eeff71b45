import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError, SERVICE_UNAVAILABLE_MESSAGE } from '@sdd/common';
import { Readiness } from '@sdd/runtime';
import { Public } from '../auth/auth-context';
import { ApiErrorResponse, ApiRateLimitedResponse } from '../openapi/decorators';
import { HealthResource } from '@sdd/public-api';
import { ServiceHealthChecker } from './service-health.checker';

/** GET /v1/health: public, no key; says only whether the whole system answers. */
@ApiTags('Health')
@ApiRateLimitedResponse()
@Public()
@Controller('v1/health')
export class PublicHealthController {
  constructor(
    private readonly checker: ServiceHealthChecker,
    private readonly readiness: Readiness,
  ) {}

  @ApiOperation({
    summary: 'Check that the service answers',
    description: 'Ok once every backend service answered a ping and the gateway reaches its own database and Redis. Names no service.',
    security: [],
  })
  @ApiOkResponse({ description: 'Every backend service answered.', type: HealthResource })
  @ApiErrorResponse(503, '`api_error` / `service_unavailable`: a backend service did not answer in time. Retry later.')
  @Get()
  async health(): Promise<HealthResource> {
    // The gateway's own database matters too: without it no key can be checked.
    const [services, ready] = await Promise.all([
      this.checker.check(),
      this.readiness.check().then(
        () => true,
        () => false,
      ),
    ]);
    if (!ready || services.some((s) => s.status !== 'ok')) {
      throw AppError.serviceUnavailable(SERVICE_UNAVAILABLE_MESSAGE);
    }
    return { status: 'ok' };
  }
}
