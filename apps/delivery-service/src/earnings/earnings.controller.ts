import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import { DriverEarningsRecord, DriverEarningsRequest, Pattern } from '@sdd/contracts';
import { ListDriverEarningsHandler } from './list-driver-earnings.handler';

/** What drivers earned, as the driver API shows it. */
@Controller()
export class EarningsController {
  constructor(private readonly listEarnings: ListDriverEarningsHandler) {}

  @BusHandler(Pattern.ListDriverEarnings)
  list(@Payload() request: DriverEarningsRequest): Promise<DriverEarningsRecord> {
    return this.listEarnings.execute(request);
  }
}
