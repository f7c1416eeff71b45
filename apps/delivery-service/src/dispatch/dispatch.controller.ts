import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import { AnswerRerouteRequest, DeliveryRecord, DeliveryRef, RerouteRecordList, RerouteRequest, DriverAssignmentRecord, DriverAuthRequest, DriverOfferRequest, DriverReportRequest, OfferRecord, OfferRecordList, Pattern, ProofPhotoRecord, ProofPhotoRequest, ProofRecord } from '@sdd/contracts';
import { GetProofHandler } from './get-proof.handler';
import { AddProofPhotoHandler } from './add-proof-photo.handler';
import { RerouteHandler } from './reroute.handler';
import { DriverReportHandler } from './driver-report.handler';
import { OffersHandler } from './offers.handler';

@Controller()
export class DispatchController {
  constructor(
    private readonly offers: OffersHandler,
    private readonly reports: DriverReportHandler,
    private readonly proofs: GetProofHandler,
    private readonly photos: AddProofPhotoHandler,
    private readonly reroutes: RerouteHandler,
  ) {}

  @BusHandler(Pattern.RerouteDelivery)
  reroute(@Payload() request: RerouteRequest): Promise<DeliveryRecord> {
    return this.reroutes.request(request);
  }

  @BusHandler(Pattern.ListDriverReroutes)
  pendingReroutes(@Payload() request: DriverAuthRequest): Promise<RerouteRecordList> {
    return this.reroutes.pendingFor(request);
  }

  @BusHandler(Pattern.AnswerReroute)
  answerReroute(@Payload() request: AnswerRerouteRequest): Promise<DriverAssignmentRecord> {
    return this.reroutes.answer(request);
  }

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

  @BusHandler(Pattern.GetDeliveryProof)
  proof(@Payload() request: DeliveryRef): Promise<ProofRecord> {
    return this.proofs.execute(request);
  }

  @BusHandler(Pattern.AddProofPhoto)
  addPhoto(@Payload() request: ProofPhotoRequest): Promise<ProofPhotoRecord> {
    return this.photos.execute(request);
  }

  @BusHandler(Pattern.ReportDeliveryStatus)
  report(@Payload() request: DriverReportRequest): Promise<DriverAssignmentRecord> {
    return this.reports.execute(request);
  }
}
