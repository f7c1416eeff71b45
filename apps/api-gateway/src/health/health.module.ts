import { Module } from '@nestjs/common';
import { InternalHealthController } from './internal-health.controller';
import { PublicHealthController } from './public-health.controller';
import { ServiceHealthChecker } from './service-health.checker';

@Module({
  controllers: [PublicHealthController, InternalHealthController],
  providers: [ServiceHealthChecker],
})
export class HealthModule {}
