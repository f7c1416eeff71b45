import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import {
  ChangeDriverStandingRequest,
  CreatedDriverRecord,
  CreateDriverRequest,
  DriverAvailabilityRequest,
  DriverLocationRequest,
  DriverRecord,
  DriverRecordList,
  DriverRef,
  ListDriversRequest,
  Pattern,
  RevokedDriverRecord,
  RotateDriverTokenRequest,
  SetCertificationRequest,
} from '@sdd/contracts';
import { DriverPresenceHandler } from './driver-presence.handler';
import { DriverStandingHandler } from './driver-standing.handler';
import { ManageDriversHandler } from './manage-drivers.handler';

@Controller()
export class DriversController {
  constructor(
    private readonly manage: ManageDriversHandler,
    private readonly presence: DriverPresenceHandler,
    private readonly standing: DriverStandingHandler,
  ) {}

  @BusHandler(Pattern.CreateDriver)
  create(@Payload() request: CreateDriverRequest): Promise<CreatedDriverRecord> {
    return this.manage.create(request);
  }

  @BusHandler(Pattern.ListDrivers)
  list(@Payload() request: ListDriversRequest): Promise<DriverRecordList> {
    return this.manage.list(request);
  }

  @BusHandler(Pattern.SetDriverCertification)
  certify(@Payload() request: SetCertificationRequest): Promise<DriverRecord> {
    return this.manage.setCertification(request);
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
