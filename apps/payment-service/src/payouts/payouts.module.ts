import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { IngestPaymentEventsHandler } from './ingest-payment-events.handler';
import { ListPayoutsHandler } from './list-payouts.handler';
import { ListRefundsHandler } from './list-refunds.handler';
import { MoneyMovementEntity } from './money-movement.entity';
import { MoneyMovementExecutor } from './money-movement.executor';
import { PayoutsController } from './payouts.controller';

@Module({
  imports: [TypeOrmModule.forFeature([MoneyMovementEntity])],
  controllers: [PayoutsController],
  providers: [IngestPaymentEventsHandler, ListPayoutsHandler, ListRefundsHandler, MoneyMovementExecutor, { provide: CLOCK, useValue: systemClock }],
  // Checkouts and processor events record refunds of checkouts no delivery used, and wake the executor for them.
  exports: [MoneyMovementExecutor],
})
export class PayoutsModule {}
