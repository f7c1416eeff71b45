import { Module } from '@nestjs/common';
import { DashboardConfigController } from './dashboard-config.controller';
import { DashboardController } from './dashboard.controller';

@Module({ controllers: [DashboardController, DashboardConfigController] })
export class DashboardModule {}
