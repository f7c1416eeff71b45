import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Pattern } from '@sdd/contracts';
import { PickupLocationListResource, PickupLocationResource, presentPickupLocation, presentPickupLocationList } from '@sdd/public-api';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Auth, AuthContext } from '../auth/auth-context';
import { ApiErrorResponse, ApiJsonBodyErrorResponses, ApiKeyedController } from '../openapi/decorators';
import { postalAddressFrom } from '../merchants/address.mapper';
import { CreateLocationDto } from './create-location.dto';

/** Pickup locations belong to delivery-service; the gateway validates and forwards. */
@ApiTags('Pickup locations')
@ApiKeyedController()
@Controller('v1/merchants/locations')
export class LocationsController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @ApiOperation({
    summary: 'Add a pickup location',
    description: 'A restricted-category delivery (alcohol, cannabis) must be picked up at a location licensed for it.',
  })
  @ApiCreatedResponse({ description: 'The new pickup location.', type: PickupLocationResource })
  @ApiErrorResponse(400, '`invalid_request_error`: a field is missing, invalid or unknown; `param` names it.')
  @ApiJsonBodyErrorResponses()
  @Post()
  @HttpCode(201)
  async create(@Auth() auth: AuthContext, @Body() body: CreateLocationDto): Promise<PickupLocationResource> {
    const location = {
      name: body.name,
      address: postalAddressFrom(body.address),
      phone: body.phone,
      licensedFor: body.licensed_for ?? [],
      licenseNumber: body.license_number ?? null,
    };
    return presentPickupLocation(await this.bus.requestFor(auth, Pattern.CreatePickupLocation, { location }));
  }

  @ApiOperation({ summary: 'List pickup locations', description: "The locations of the calling merchant in the key's mode, oldest first." })
  @ApiOkResponse({ description: 'The pickup locations.', type: PickupLocationListResource })
  @Get()
  async list(@Auth() auth: AuthContext): Promise<PickupLocationListResource> {
    return presentPickupLocationList(await this.bus.requestFor(auth, Pattern.ListPickupLocations, {}));
  }
}
