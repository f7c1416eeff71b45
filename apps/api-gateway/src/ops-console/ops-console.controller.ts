import { join } from 'node:path';
import { Controller, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { APP_CONFIG } from '@sdd/runtime';
import type { GatewayConfig } from '../config';
import { Public } from '../auth/auth-context';
import { WebAppController } from '../http/web-app.controller';
import { dashboardCsp } from '../http/page-security';
import { tileCspSource } from '../tracking-page/tile-source';

/** Where `tools/dashboard/build.js` puts the console's bundle: dist/apps/ops-console, beside this app's compiled dist/apps/api-gateway. */
const OPS_CONSOLE_DIR = join(__dirname, '..', '..', '..', 'ops-console');

/**
 * The operator console at /ops: it signs in through the operator API (POST
 * /v1/ops/sessions) and calls only it. The dashboard's policy, the tile host
 * added for the live map when TILE_URL is set.
 */
@ApiExcludeController()
@Public()
@Controller('ops')
export class OpsConsoleController extends WebAppController {
  constructor(@Inject(APP_CONFIG) config: GatewayConfig) {
    super(OPS_CONSOLE_DIR, dashboardCsp(config.TILE_URL ? tileCspSource(config.TILE_URL) : undefined));
  }
}
