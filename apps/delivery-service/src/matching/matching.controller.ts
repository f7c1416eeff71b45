import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import {
  AnswerRerouteRequest,
  ChangeDriverStandingRequest,
  DeliveryRecord,
  DeliveryRef,
  DriverAssignmentRecord,
  DriverAuthRequest,
  DriverAvailabilityRequest,
  DriverLocationRequest,
  DriverOfferRequest,
  DriverRecord,
  DriverRef,
  DriverReportRequest,
  OfferRecord,
  OfferRecordList,
  Pattern,
  ProofPhotoRecord,
  ProofPhotoRequest,
  ProofRecord,
  RerouteRecordList,
  ReroutePreviewRecord,
  RerouteRequest,
  RevokedDriverRecord,
} from '@sdd/contracts';
import { AcceptOfferHandler } from './accept-offer.handler';
import { AddProofPhotoHandler } from './add-proof-photo.handler';
import { AnswerRerouteHandler } from './answer-reroute.handler';
import { ChangeDriverStandingHandler } from './change-driver-standing.handler';
import { DeclineOfferHandler } from './decline-offer.handler';
import { GetProofHandler } from './get-proof.handler';
import { ListDriverReroutesHandler } from './list-driver-reroutes.handler';
import { ListOffersHandler } from './list-offers.handler';
import { PostDriverLocationHandler } from './post-driver-location.handler';
import { ReportDeliveryStatusHandler } from './report-delivery-status.handler';
import { RequestRerouteHandler } from './request-reroute.handler';
import { RevokeDriverHandler } from './revoke-driver.handler';
import { SetDriverAvailabilityHandler } from './set-driver-availability.handler';

/** The requests matching answers: offers, a driver's reports and proof, reroutes, drivers coming and going. */
@Controller()
export class MatchingController {
  constructor(
    private readonly listOffers: ListOffersHandler,
    private readonly acceptOffer: AcceptOfferHandler,
    private readonly declineOffer: DeclineOfferHandler,
    private readonly reportStatus: ReportDeliveryStatusHandler,
    private readonly getProof: GetProofHandler,
    private readonly addProofPhoto: AddProofPhotoHandler,
    private readonly requestReroute: RequestRerouteHandler,
    private readonly listReroutes: ListDriverReroutesHandler,
    private readonly answerReroute: AnswerRerouteHandler,
    private readonly setAvailability: SetDriverAvailabilityHandler,
    private readonly postLocation: PostDriverLocationHandler,
    private readonly changeDriverStanding: ChangeDriverStandingHandler,
    private readonly revokeDriver: RevokeDriverHandler,
  ) {}

  @BusHandler(Pattern.PreviewReroute)
  previewReroute(@Payload() request: RerouteRequest): Promise<ReroutePreviewRecord> {
    return this.requestReroute.preview(request);
  }

  @BusHandler(Pattern.RerouteDelivery)
  reroute(@Payload() request: RerouteRequest): Promise<DeliveryRecord> {
    return this.requestReroute.execute(request);
  }

  @BusHandler(Pattern.ListDriverReroutes)
  pendingReroutes(@Payload() request: DriverAuthRequest): Promise<RerouteRecordList> {
    return this.listReroutes.execute(request);
  }

  @BusHandler(Pattern.AnswerReroute)
  answer(@Payload() request: AnswerRerouteRequest): Promise<DriverAssignmentRecord> {
    return this.answerReroute.execute(request);
  }

  @BusHandler(Pattern.ListDriverOffers)
  list(@Payload() request: DriverAuthRequest): Promise<OfferRecordList> {
    return this.listOffers.execute(request);
  }

  @BusHandler(Pattern.AcceptOffer)
  accept(@Payload() request: DriverOfferRequest): Promise<OfferRecord> {
    return this.acceptOffer.execute(request);
  }

  @BusHandler(Pattern.DeclineOffer)
  decline(@Payload() request: DriverOfferRequest): Promise<OfferRecord> {
    return this.declineOffer.execute(request);
  }

  @BusHandler(Pattern.GetDeliveryProof)
  proof(@Payload() request: DeliveryRef): Promise<ProofRecord> {
    return this.getProof.execute(request);
  }

  @BusHandler(Pattern.AddProofPhoto)
  addPhoto(@Payload() request: ProofPhotoRequest): Promise<ProofPhotoRecord> {
    return this.addProofPhoto.execute(request);
  }

  @BusHandler(Pattern.ReportDeliveryStatus)
  report(@Payload() request: DriverReportRequest): Promise<DriverAssignmentRecord> {
    return this.reportStatus.execute(request);
  }

  @BusHandler(Pattern.SetDriverAvailability)
  availability(@Payload() request: DriverAvailabilityRequest): Promise<DriverRecord> {
    return this.setAvailability.execute(request);
  }

  @BusHandler(Pattern.PostDriverLocation)
  location(@Payload() request: DriverLocationRequest): Promise<DriverRecord> {
    return this.postLocation.execute(request);
  }

  @BusHandler(Pattern.ChangeDriverStanding)
  changeStanding(@Payload() request: ChangeDriverStandingRequest): Promise<DriverRecord> {
    return this.changeDriverStanding.execute(request);
  }

  @BusHandler(Pattern.RevokeDriver)
  revoke(@Payload() request: DriverRef): Promise<RevokedDriverRecord> {
    return this.revokeDriver.execute(request);
  }
}
