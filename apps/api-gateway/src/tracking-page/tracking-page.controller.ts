import { Controller, Get, Header, Inject, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Pattern, PublicTracking } from '@sdd/contracts';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Public, RequestId } from '../auth/auth-context';
import { WithRouteTraits } from '../http/route-traits';
import { TrackingPageContent } from './tracking-page.content';

/**
 * The page behind `tracking_url`: public, reached by the unguessable token
 * alone, and rate-limited per token so open pages never use up anyone's API limit.
 */
@ApiExcludeController()
@Public()
@WithRouteTraits({ budget: 'tracking' })
@Controller('track')
export class TrackingPageController {
  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    private readonly content: TrackingPageContent,
  ) {}

  /** Its own CSP, which the page-security hook keeps (it holds the base directives). */
  @Get(':token')
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'no-store')
  page(@Res({ passthrough: true }) reply: FastifyReply): string {
    reply.header('content-security-policy', this.content.csp);
    return this.content.html;
  }

  @Get(':token/status')
  @Header('cache-control', 'no-store')
  status(@Param('token') token: string, @RequestId() requestId: string): Promise<PublicTracking> {
    return this.bus.request(Pattern.GetPublicTracking, { token }, { requestId });
  }
}
