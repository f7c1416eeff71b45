import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { IngestPaymentEventsHandler } from './ingest-payment-events.handler';
import { ListPayoutsHandler } from './list-payouts.handler';
import { MoneyMovementEntity } from './money-movement.entity';
import { MoneyMovementExecutor } from './money-movement.executor';
import { PayoutsController } from './payouts.controller';

@Module({
  imports: [TypeOrmModule.forFeature([MoneyMovementEntity])],
  controllers: [PayoutsController],
  providers: [IngestPaymentEventsHandler, ListPayoutsHandler, MoneyMovementExecutor, { provide: CLOCK, useValue: systemClock }],
})
export class PayoutsModule {}
