import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DriverStandingChange, Pattern } from '@sdd/contracts';
import {
  CreatedDriverResource,
  DriverListResource,
  DriverResource,
  presentCreatedDriver,
  presentDriver,
  presentDriverList,
  presentRevokedDriver,
  RevokedDriverResource,
} from '@sdd/public-api';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Public, RequestId } from '../auth/auth-context';
import { ApiEmptyBody, ApiErrorResponse, ApiJsonBodyErrorResponses, ApiOpsController } from '../openapi/decorators';
import { OpsCredentialGuard } from '../ops-sessions/ops-credential.guard';
import { EmptyBodyPipe } from '../validation/empty-body.pipe';
import { toE164 } from '../deliveries/create-delivery.mapper';
import { CreateDriverDto, RotateDriverTokenDto, SetCertificationDto } from './create-driver.dto';

/** Operators manage the fleet; no merchant key opens these routes. */
@ApiTags('Operators')
@ApiOpsController()
@Public()
@UseGuards(OpsCredentialGuard)
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
    const driver = await this.bus.request(
      Pattern.SetDriverCertification,
      {
        driverId,
        kind: body.kind,
        province: body.province,
        status: body.status,
        expiresAt: body.expires_at ?? null,
      },
      { requestId },
    );
    return presentDriver(driver);
  }

  @ApiOperation({
    summary: 'Revoke a driver',
    description:
      'For good: its token fails from the next request on (401 `driver_token_invalid`) and it leaves the list. Its open offers are withdrawn and its deliveries ' +
      'not yet picked up go back to matching (the next driver is offered them); those it had picked up are listed as stranded, for an operator to take over.',
  })
  @ApiEmptyBody()
  @ApiOkResponse({ description: 'The driver is revoked.', type: RevokedDriverResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: no such driver (or already revoked).')
  @Delete(':driverId')
  @HttpCode(200)
  async revoke(@Param('driverId') driverId: string, @Body(EmptyBodyPipe) _body: unknown, @RequestId() requestId: string): Promise<RevokedDriverResource> {
    return presentRevokedDriver(await this.bus.request(Pattern.RevokeDriver, { driverId }, { requestId }));
  }

  @ApiOperation({
    summary: 'Deactivate a driver',
    description:
      'Takes it offline and keeps it there (going online is 403 `driver_deactivated`) until reactivated. Its open offers are withdrawn and its deliveries not yet ' +
      'picked up go back to matching; those it has picked up stay with it, and it can still report them.',
  })
  @ApiEmptyBody()
  @ApiOkResponse({ description: 'The driver.', type: DriverResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: no such driver.')
  @Post(':driverId/deactivate')
  @HttpCode(200)
  deactivate(@Param('driverId') driverId: string, @Body(EmptyBodyPipe) _body: unknown, @RequestId() requestId: string): Promise<DriverResource> {
    return this.changeStanding(driverId, 'deactivate', requestId);
  }

  @ApiOperation({ summary: 'Reactivate a driver', description: 'It may go online again (it is not put online).' })
  @ApiEmptyBody()
  @ApiOkResponse({ description: 'The driver.', type: DriverResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: no such driver.')
  @Post(':driverId/reactivate')
  @HttpCode(200)
  reactivate(@Param('driverId') driverId: string, @Body(EmptyBodyPipe) _body: unknown, @RequestId() requestId: string): Promise<DriverResource> {
    return this.changeStanding(driverId, 'reactivate', requestId);
  }

  @ApiOperation({
    summary: 'Take a driver offline',
    description:
      'Its open offers are withdrawn and its deliveries not yet picked up go back to matching; those it has picked up stay with it. The driver may go online again itself.',
  })
  @ApiEmptyBody()
  @ApiOkResponse({ description: 'The driver.', type: DriverResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: no such driver.')
  @Post(':driverId/force_offline')
  @HttpCode(200)
  forceOffline(@Param('driverId') driverId: string, @Body(EmptyBodyPipe) _body: unknown, @RequestId() requestId: string): Promise<DriverResource> {
    return this.changeStanding(driverId, 'force_offline', requestId);
  }

  @ApiOperation({
    summary: "Rotate a driver's token",
    description: 'Returns the new token once (kept only as a hash); the old one fails from the next request on. Also renews an expired session.',
  })
  @ApiOkResponse({ description: 'The driver and its new token.', type: CreatedDriverResource })
  @ApiErrorResponse(400, '`invalid_request_error`: `expires_in_seconds` is not an integer in range, or a field is unknown.')
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: no such driver.')
  @ApiJsonBodyErrorResponses()
  @Post(':driverId/rotate_token')
  @HttpCode(200)
  async rotateToken(@Param('driverId') driverId: string, @Body() body: RotateDriverTokenDto, @RequestId() requestId: string): Promise<CreatedDriverResource> {
    return presentCreatedDriver(await this.bus.request(Pattern.RotateDriverToken, { driverId, expiresInSeconds: body.expires_in_seconds ?? null }, { requestId }));
  }

  private async changeStanding(driverId: string, change: DriverStandingChange, requestId: string): Promise<DriverResource> {
    return presentDriver(await this.bus.request(Pattern.ChangeDriverStanding, { driverId, change }, { requestId }));
  }
}
