import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import { DeliveryEventReceipt, ListPayoutsRequest, ListRefundsRequest, Pattern, PayoutRecordPage, RefundRecordPage } from '@sdd/contracts';
import { IngestPaymentEventsHandler } from './ingest-payment-events.handler';
import { ListPayoutsHandler } from './list-payouts.handler';
import { ListRefundsHandler } from './list-refunds.handler';

@Controller()
export class MoneyMovementsController {
  constructor(
    private readonly ingest: IngestPaymentEventsHandler,
    private readonly listPayouts: ListPayoutsHandler,
    private readonly listRefunds: ListRefundsHandler,
  ) {}

  @BusHandler(Pattern.IngestPaymentEvents)
  handle(@Payload() batch: unknown): Promise<DeliveryEventReceipt> {
    return this.ingest.execute(batch);
  }

  @BusHandler(Pattern.ListPayouts)
  list(@Payload() request: ListPayoutsRequest): Promise<PayoutRecordPage> {
    return this.listPayouts.execute(request);
  }

  @BusHandler(Pattern.ListRefunds)
  refunds(@Payload() request: ListRefundsRequest): Promise<RefundRecordPage> {
    return this.listRefunds.execute(request);
  }
}
