import { join } from 'node:path';
import { Controller, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { APP_CONFIG } from '@sdd/runtime';
import { Public } from '../auth/auth-context';
import type { GatewayConfig } from '../config';
import { dashboardCsp } from '../http/page-security';
import { WebAppController } from '../http/web-app.controller';
import { tileCspSource } from '../tracking-page/tile-source';

/** Where `tools/dashboard/build.js` puts the bundle: dist/apps/dashboard, beside this app's compiled dist/apps/api-gateway. */
const DASHBOARD_DIR = join(__dirname, '..', '..', '..', 'dashboard');

/** The dashboard's static files at /dashboard, and index.html for its client routes; its CSP allows the map tiles' host when TILE_URL is set. */
@ApiExcludeController()
@Public()
@Controller('dashboard')
export class DashboardController extends WebAppController {
  constructor(@Inject(APP_CONFIG) config: GatewayConfig) {
    super(DASHBOARD_DIR, dashboardCsp(config.TILE_URL ? tileCspSource(config.TILE_URL) : undefined));
  }
}
