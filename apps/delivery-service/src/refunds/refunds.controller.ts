import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import { Pattern, RecordDeliveryRefundRequest } from '@sdd/contracts';
import { RecordDeliveryRefundHandler } from './record-delivery-refund.handler';

@Controller()
export class RefundsController {
  constructor(private readonly recordRefund: RecordDeliveryRefundHandler) {}

  @BusHandler(Pattern.RecordDeliveryRefund)
  record(@Payload() request: RecordDeliveryRefundRequest): Promise<{ recorded: boolean }> {
    return this.recordRefund.execute(request);
  }
}
