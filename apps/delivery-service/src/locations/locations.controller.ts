import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import { CreatePickupLocationRequest, ListPickupLocationsRequest, Pattern, PickupLocation, PickupLocationList } from '@sdd/contracts';
import { CreatePickupLocationHandler } from './create-pickup-location.handler';
import { ListPickupLocationsHandler } from './list-pickup-locations.handler';

@Controller()
export class LocationsController {
  constructor(
    private readonly create: CreatePickupLocationHandler,
    private readonly list: ListPickupLocationsHandler,
  ) {}

  @BusHandler(Pattern.CreatePickupLocation)
  createLocation(@Payload() request: CreatePickupLocationRequest): Promise<PickupLocation> {
    return this.create.execute(request);
  }

  @BusHandler(Pattern.ListPickupLocations)
  listLocations(@Payload() request: ListPickupLocationsRequest): Promise<PickupLocationList> {
    return this.list.execute(request);
  }
}
