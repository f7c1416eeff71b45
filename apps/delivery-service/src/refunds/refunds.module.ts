import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { OutboxModule } from '../outbox/outbox.module';
import { RecordDeliveryRefundHandler } from './record-delivery-refund.handler';
import { RefundsController } from './refunds.controller';

/** Refunds payment-service made of a delivery, recorded on it with their event. */
@Module({
  imports: [OutboxModule],
  controllers: [RefundsController],
  providers: [RecordDeliveryRefundHandler, { provide: CLOCK, useValue: systemClock }],
})
export class RefundsModule {}
