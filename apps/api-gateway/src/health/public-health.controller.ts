import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '@sdd/common';
import { Public } from '../auth/auth-context';
import { ApiErrorResponse, ApiRateLimitedResponse } from '../openapi/decorators';
import { HealthResponse } from '../openapi/health.response';
import { ServiceHealthChecker } from './service-health.checker';

/** GET /v1/health: public, no key; says only whether the whole system answers. */
@ApiTags('Health')
@ApiRateLimitedResponse()
@Public()
@Controller('v1/health')
export class PublicHealthController {
  constructor(private readonly checker: ServiceHealthChecker) {}

  @ApiOperation({
    summary: 'Check that the service answers',
    description: 'Ok once every backend service answered a ping. Names no service.',
    security: [],
  })
  @ApiOkResponse({ description: 'Every backend service answered.', type: HealthResponse })
  @ApiErrorResponse(503, '`api_error` / `service_unavailable`: a backend service did not answer in time. Retry later.')
  @Get()
  async health(): Promise<{ status: 'ok' }> {
    const services = await this.checker.check();
    if (services.some((s) => s.status !== 'ok')) {
      throw AppError.serviceUnavailable('The service is temporarily unavailable. Retry later.');
    }
    return { status: 'ok' };
  }
}
