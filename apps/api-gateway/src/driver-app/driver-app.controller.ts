import { join } from 'node:path';
import { Controller } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../auth/auth-context';
import { DASHBOARD_CSP } from '../http/page-security';
import { WebAppController } from '../http/web-app.controller';

/** Where `tools/dashboard/build.js` puts the driver app's bundle: dist/apps/driver-app, beside this app's compiled dist/apps/api-gateway. */
const DRIVER_APP_DIR = join(__dirname, '..', '..', '..', 'driver-app');

/**
 * The driver app (a PWA) at /driver: its shell, manifest, icons and service
 * worker. It loads only files of this origin and calls only this API, like
 * the dashboard, so it keeps the dashboard's policy.
 */
@ApiExcludeController()
@Public()
@Controller('driver')
export class DriverAppController extends WebAppController {
  constructor() {
    super(DRIVER_APP_DIR, DASHBOARD_CSP);
  }
}
