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
  RotateDriverTokenRequest,
  SetCertificationRequest,
} from '@sdd/contracts';
import { CreateDriverHandler } from './create-driver.handler';
import { ListDriversHandler } from './list-drivers.handler';
import { RotateDriverTokenHandler } from './rotate-driver-token.handler';
import { SetDriverCertificationHandler } from './set-driver-certification.handler';

@Controller()
export class DriversController {
  constructor(
    private readonly createDriver: CreateDriverHandler,
    private readonly listDrivers: ListDriversHandler,
    private readonly setCertification: SetDriverCertificationHandler,
    private readonly rotateDriverToken: RotateDriverTokenHandler,
  ) {}

  @BusHandler(Pattern.CreateDriver)
  create(@Payload() request: CreateDriverRequest): Promise<CreatedDriverRecord> {
    return this.createDriver.execute(request);
  }

  @BusHandler(Pattern.ListDrivers)
  list(@Payload() request: ListDriversRequest): Promise<DriverRecordList> {
    return this.listDrivers.execute(request);
  }

  @BusHandler(Pattern.SetDriverCertification)
  certify(@Payload() request: SetCertificationRequest): Promise<DriverRecord> {
    return this.setCertification.execute(request);
  }

  @BusHandler(Pattern.RotateDriverToken)
  rotateToken(@Payload() request: RotateDriverTokenRequest): Promise<CreatedDriverRecord> {
    return this.rotateDriverToken.execute(request);
  }
}
