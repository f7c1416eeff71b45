import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Pattern, PickupLocation, PickupLocationList } from '@sdd/contracts';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Auth, AuthContext } from '../auth/auth-context';
import { ApiErrorResponse, ApiJsonBodyErrorResponses, ApiKeyAuth, ApiRateLimitedResponse } from '../openapi/decorators';
import { PickupLocationListResponse, PickupLocationResponse } from '../openapi/location.response';
import { CreateLocationDto } from './create-location.dto';

/** Pickup locations belong to delivery-service; the gateway validates and forwards. */
@ApiTags('Pickup locations')
@ApiKeyAuth()
@ApiRateLimitedResponse()
@ApiErrorResponse(401, '`authentication_error` / `api_key_missing` or `api_key_invalid`.')
@Controller('v1/merchants/locations')
export class LocationsController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @ApiOperation({
    summary: 'Add a pickup location',
    description: 'A restricted-category delivery (alcohol, cannabis) must be picked up at a location licensed for it.',
  })
  @ApiCreatedResponse({ description: 'The new pickup location.', type: PickupLocationResponse })
  @ApiErrorResponse(400, '`invalid_request_error`: a field is missing, invalid or unknown; `param` names it.')
  @ApiJsonBodyErrorResponses()
  @Post()
  @HttpCode(201)
  create(@Auth() auth: AuthContext, @Body() body: CreateLocationDto): Promise<PickupLocation> {
    const location = {
      name: body.name,
      address: { ...body.address, country: body.address.country ?? 'CA' },
      phone: body.phone,
      licensed_for: body.licensed_for ?? [],
      license_number: body.license_number ?? null,
    };
    return this.bus.requestFor(auth, Pattern.CreatePickupLocation, { location });
  }

  @ApiOperation({ summary: 'List pickup locations', description: 'The locations of the calling merchant in the key\'s mode, oldest first.' })
  @ApiOkResponse({ description: 'The pickup locations.', type: PickupLocationListResponse })
  @Get()
  list(@Auth() auth: AuthContext): Promise<PickupLocationList> {
    return this.bus.requestFor(auth, Pattern.ListPickupLocations, {});
  }
}
