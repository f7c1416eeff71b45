import { Module } from '@nestjs/common';
import { OpsSessionsModule } from '../ops-sessions/ops-sessions.module';
import { OpsDeliveriesController } from './ops-deliveries.controller';
import { OpsDriversController } from './ops-drivers.controller';

/** The operator API: the fleet and live deliveries, by the operator token or the console's session. */
@Module({ imports: [OpsSessionsModule], controllers: [OpsDriversController, OpsDeliveriesController] })
export class OpsModule {}
