import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import { DriverAssignmentRecord, DriverAuthRequest, DriverOfferRequest, DriverReportRequest, OfferRecord, OfferRecordList, Pattern } from '@sdd/contracts';
import { DriverReportHandler } from './driver-report.handler';
import { OffersHandler } from './offers.handler';

@Controller()
export class DispatchController {
  constructor(
    private readonly offers: OffersHandler,
    private readonly reports: DriverReportHandler,
  ) {}

  @BusHandler(Pattern.ListDriverOffers)
  list(@Payload() request: DriverAuthRequest): Promise<OfferRecordList> {
    return this.offers.list(request);
  }

  @BusHandler(Pattern.AcceptOffer)
  accept(@Payload() request: DriverOfferRequest): Promise<OfferRecord> {
    return this.offers.accept(request);
  }

  @BusHandler(Pattern.DeclineOffer)
  decline(@Payload() request: DriverOfferRequest): Promise<OfferRecord> {
    return this.offers.decline(request);
  }

  @BusHandler(Pattern.ReportDeliveryStatus)
  report(@Payload() request: DriverReportRequest): Promise<DriverAssignmentRecord> {
    return this.reports.execute(request);
  }
}
