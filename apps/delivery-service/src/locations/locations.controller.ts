import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import { CreatePickupLocationRequest, ListPickupLocationsRequest, Pattern, PickupLocationRecord, PickupLocationRecordList } from '@sdd/contracts';
import { CreatePickupLocationHandler } from './create-pickup-location.handler';
import { ListPickupLocationsHandler } from './list-pickup-locations.handler';

@Controller()
export class LocationsController {
  constructor(
    private readonly create: CreatePickupLocationHandler,
    private readonly list: ListPickupLocationsHandler,
  ) {}

  @BusHandler(Pattern.CreatePickupLocation)
  createLocation(@Payload() request: CreatePickupLocationRequest): Promise<PickupLocationRecord> {
    return this.create.execute(request);
  }

  @BusHandler(Pattern.ListPickupLocations)
  listLocations(@Payload() request: ListPickupLocationsRequest): Promise<PickupLocationRecordList> {
    return this.list.execute(request);
  }
}
