import { Controller, Get, Inject } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DashboardConfigResource } from '@sdd/public-api';
import { APP_CONFIG } from '@sdd/runtime';
import { Member, SessionMember } from '../auth/auth-context';
import type { GatewayConfig } from '../config';
import { SESSION_401, SESSION_SCHEME } from '../members/session-openapi';
import { ApiErrorResponse, ApiRateLimitedResponse } from '../openapi/decorators';

/** What the dashboard learns of this gateway's configuration: the map tiles its delivery page draws on. */
@ApiTags('Dashboard')
@Controller('v1/dashboard')
export class DashboardConfigController {
  private readonly resource: DashboardConfigResource;

  constructor(@Inject(APP_CONFIG) config: GatewayConfig) {
    this.resource = { map_tiles: config.TILE_URL ? { url_template: config.TILE_URL, attribution: config.TILE_ATTRIBUTION } : null };
  }

  @ApiOperation({
    summary: "The dashboard's configuration",
    description:
      'The map tiles (TILE_URL, TILE_ATTRIBUTION) the delivery page draws on, or null: then the page draws a schematic. ' +
      "The dashboard's CSP lets images come from the tiles' host only when they are configured.",
  })
  @ApiCookieAuth(SESSION_SCHEME)
  @ApiOkResponse({ type: DashboardConfigResource })
  @ApiErrorResponse(401, SESSION_401)
  @ApiRateLimitedResponse()
  @Get('config')
  get(@Member() _member: SessionMember): DashboardConfigResource {
    return this.resource;
  }
}
