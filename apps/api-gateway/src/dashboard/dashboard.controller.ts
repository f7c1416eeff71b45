import { join } from 'node:path';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppError } from '@sdd/common';
import { Public } from '../auth/auth-context';
import { DASHBOARD_CSP } from '../http/page-security';
import { dashboardFileFor, DashboardFiles, loadDashboardFiles } from './dashboard-files';

/** Where `tools/dashboard/build.js` puts the bundle: dist/apps/dashboard, beside this app's compiled dist/apps/api-gateway. */
const DASHBOARD_DIR = join(__dirname, '..', '..', '..', 'dashboard');

/**
 * The dashboard's static files at /dashboard, and index.html for its client
 * routes. Public (the page signs in through the API); PageSecurity's hook adds
 * the no-framing headers, keeping this stricter CSP.
 */
@ApiExcludeController()
@Public()
@Controller('dashboard')
export class DashboardController {
  private readonly files: DashboardFiles = loadDashboardFiles(DASHBOARD_DIR);

  @Get()
  index(@Res() reply: FastifyReply): FastifyReply {
    return this.send(reply, '');
  }

  /** Fastify's own wildcard (the gateway runs on Fastify): the rest of the path is its `*` parameter. */
  @Get('*')
  file(@Param('*') path: string, @Res() reply: FastifyReply): FastifyReply {
    return this.send(reply, path);
  }

  private send(reply: FastifyReply, path: string): FastifyReply {
    const file = dashboardFileFor(this.files, path);
    if (!file) throw AppError.notFound('Unrecognized request URL.');
    return reply.type(file.contentType).header('cache-control', file.cacheControl).header('content-security-policy', DASHBOARD_CSP).send(file.body);
  }
}
