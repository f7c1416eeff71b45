import { Body, Controller, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Pattern } from '@sdd/contracts';
import { CreatedDriverResource, DriverListResource, DriverResource, presentCreatedDriver, presentDriver, presentDriverList } from '@sdd/public-api';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Public, RequestId } from '../auth/auth-context';
import { OpsTokenGuard } from '../auth/ops-token.guard';
import { ApiErrorResponse, ApiJsonBodyErrorResponses, ApiOpsController } from '../openapi/decorators';
import { toE164 } from '../deliveries/create-delivery.mapper';
import { CreateDriverDto, SetCertificationDto } from './create-driver.dto';

/** Operators manage the fleet; no merchant key opens these routes. */
@ApiTags('Operators')
@ApiOpsController()
@Public()
@UseGuards(OpsTokenGuard)
@Controller('v1/ops/drivers')
export class OpsDriversController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @ApiOperation({ summary: 'Create a driver', description: 'Returns the driver API token once; it is kept only as a hash.' })
  @ApiCreatedResponse({ description: 'The driver and its token.', type: CreatedDriverResource })
  @ApiErrorResponse(400, '`invalid_request_error`: a field is missing, invalid or unknown.')
  @ApiJsonBodyErrorResponses()
  @Post()
  @HttpCode(201)
  async create(@Body() body: CreateDriverDto, @RequestId() requestId: string): Promise<CreatedDriverResource> {
    const created = await this.bus.request(
      Pattern.CreateDriver,
      { name: body.name, phone: toE164(body.phone, 'phone'), vehicle: body.vehicle, homeProvince: body.home_province },
      { requestId },
    );
    return presentCreatedDriver(created);
  }

  @ApiOperation({ summary: 'List drivers', description: 'Newest first, at most 500.' })
  @ApiOkResponse({ description: 'The drivers.', type: DriverListResource })
  @Get()
  async list(@RequestId() requestId: string): Promise<DriverListResource> {
    return presentDriverList(await this.bus.request(Pattern.ListDrivers, { limit: 500 }, { requestId }));
  }

  @ApiOperation({ summary: "Set one of a driver's certifications", description: 'One per kind and province: setting it again replaces its status and expiry.' })
  @ApiOkResponse({ description: 'The driver with its certifications.', type: DriverResource })
  @ApiErrorResponse(400, '`invalid_request_error`: a field is missing, invalid or unknown.')
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: no such driver.')
  @ApiJsonBodyErrorResponses()
  @Post(':driverId/certifications')
  @HttpCode(200)
  async certify(@Param('driverId') driverId: string, @Body() body: SetCertificationDto, @RequestId() requestId: string): Promise<DriverResource> {
    const driver = await this.bus.request(Pattern.SetDriverCertification, {
      driverId,
      kind: body.kind,
      province: body.province,
      status: body.status,
      expiresAt: body.expires_at ?? null,
    }, { requestId });
    return presentDriver(driver);
  }
}
