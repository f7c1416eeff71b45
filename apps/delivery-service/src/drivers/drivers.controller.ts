import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import {
  CreatedDriverRecord,
  CreateDriverRequest,
  DriverRecord,
  DriverRecordList,
  ListDriversRequest,
  Pattern,
  SetCertificationRequest,
} from '@sdd/contracts';
import { ManageDriversHandler } from './manage-drivers.handler';

@Controller()
export class DriversController {
  constructor(private readonly manage: ManageDriversHandler) {}

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
}
