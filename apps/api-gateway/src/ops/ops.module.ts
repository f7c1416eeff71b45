import { Module } from '@nestjs/common';
import { OpsTokenGuard } from '../auth/ops-token.guard';
import { OpsDriversController } from './ops-drivers.controller';

@Module({ controllers: [OpsDriversController], providers: [OpsTokenGuard] })
export class OpsModule {}
