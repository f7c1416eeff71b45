import { join } from 'node:path';
import { Controller } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../auth/auth-context';
import { DASHBOARD_CSP } from '../http/page-security';
import { WebAppController } from '../http/web-app.controller';

/** Where `tools/dashboard/build.js` puts the bundle: dist/apps/dashboard, beside this app's compiled dist/apps/api-gateway. */
const DASHBOARD_DIR = join(__dirname, '..', '..', '..', 'dashboard');

/** The dashboard's static files at /dashboard, and index.html for its client routes. */
@ApiExcludeController()
@Public()
@Controller('dashboard')
export class DashboardController extends WebAppController {
  constructor() {
    super(DASHBOARD_DIR, DASHBOARD_CSP);
  }
}
