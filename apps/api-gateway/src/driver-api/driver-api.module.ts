import { Module } from '@nestjs/common';
import { DriverTokenGuard } from '../auth/driver-token.guard';
import { DriverApiController } from './driver-api.controller';

@Module({ controllers: [DriverApiController], providers: [DriverTokenGuard] })
export class DriverApiModule {}
