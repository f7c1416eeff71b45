import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { IngestPaymentEventsHandler } from './ingest-payment-events.handler';
import { ListPayoutsHandler } from './list-payouts.handler';
import { ListRefundsHandler } from './list-refunds.handler';
import { MoneyMovementEntity } from './money-movement.entity';
import { MoneyMovementsController } from './money-movements.controller';
import { ListOpsMoneyMovementsHandler } from './list-ops-money-movements.handler';
import { OpsMoneyMovementsController } from './ops-money-movements.controller';
import { RetryMoneyMovementHandler } from './retry-money-movement.handler';
import { TasksModule } from '../tasks.module';

@Module({
  imports: [TypeOrmModule.forFeature([MoneyMovementEntity]), TasksModule],
  controllers: [MoneyMovementsController, OpsMoneyMovementsController],
  providers: [
    IngestPaymentEventsHandler,
    ListPayoutsHandler,
    ListRefundsHandler,
    ListOpsMoneyMovementsHandler,
    RetryMoneyMovementHandler,
    { provide: CLOCK, useValue: systemClock },
  ],
})
export class MoneyMovementsModule {}
