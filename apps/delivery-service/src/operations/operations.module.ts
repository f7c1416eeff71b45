import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { MatchingModule } from '../matching/matching.module';
import { OutboxModule } from '../outbox/outbox.module';
import { TasksModule } from '../tasks.module';
import { ListOpsDeliveriesHandler } from './list-ops-deliveries.handler';
import { OperationsController } from './operations.controller';
import { OpsCancelDeliveryHandler } from './ops-cancel-delivery.handler';
import { OpsDeliveryReader } from './ops-delivery.reader';
import { ReofferDeliveryHandler } from './reoffer-delivery.handler';

/** The operator console's view of live deliveries across merchants, and its actions on the stuck ones. */
@Module({
  imports: [DeliveriesModule, MatchingModule, OutboxModule, TasksModule],
  controllers: [OperationsController],
  providers: [OpsDeliveryReader, ListOpsDeliveriesHandler, ReofferDeliveryHandler, OpsCancelDeliveryHandler, { provide: CLOCK, useValue: systemClock }],
})
export class OperationsModule {}
