import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import {
  AnswerRerouteRequest,
  ChangeDriverStandingRequest,
  CreatedDriverRecord,
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
  RerouteRequest,
  RevokedDriverRecord,
  RotateDriverTokenRequest,
} from '@sdd/contracts';
import { GetProofHandler } from './get-proof.handler';
import { AddProofPhotoHandler } from './add-proof-photo.handler';
import { RerouteHandler } from './reroute.handler';
import { DriverReportHandler } from './driver-report.handler';
import { OffersHandler } from './offers.handler';
import { DriverPresenceHandler } from './driver-presence.handler';
import { DriverStandingHandler } from './driver-standing.handler';

@Controller()
/** The driver app's and operators' requests that matching answers: offers, reports, proof, reroutes, a driver's presence and standing. */
export class MatchingController {
  constructor(
    private readonly offers: OffersHandler,
    private readonly reports: DriverReportHandler,
    private readonly proofs: GetProofHandler,
    private readonly photos: AddProofPhotoHandler,
    private readonly reroutes: RerouteHandler,
    private readonly presence: DriverPresenceHandler,
    private readonly standing: DriverStandingHandler,
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

  @BusHandler(Pattern.SetDriverAvailability)
  availability(@Payload() request: DriverAvailabilityRequest): Promise<DriverRecord> {
    return this.presence.setAvailability(request);
  }

  @BusHandler(Pattern.PostDriverLocation)
  location(@Payload() request: DriverLocationRequest): Promise<DriverRecord> {
    return this.presence.postLocation(request);
  }

  @BusHandler(Pattern.ChangeDriverStanding)
  changeStanding(@Payload() request: ChangeDriverStandingRequest): Promise<DriverRecord> {
    return this.standing.change(request);
  }

  @BusHandler(Pattern.RevokeDriver)
  revoke(@Payload() request: DriverRef): Promise<RevokedDriverRecord> {
    return this.standing.revoke(request);
  }

  @BusHandler(Pattern.RotateDriverToken)
  rotateToken(@Payload() request: RotateDriverTokenRequest): Promise<CreatedDriverRecord> {
    return this.standing.rotateToken(request);
  }
}
