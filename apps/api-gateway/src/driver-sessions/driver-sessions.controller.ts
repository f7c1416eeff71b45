import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { IsNull, Repository } from 'typeorm';
import { Pattern } from '@sdd/contracts';
import { Clock, CLOCK, newId, randomToken } from '@sdd/common';
import { DriverSessionResource, DriverSignedOutResource, presentDriverSession } from '@sdd/public-api';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { APP_CONFIG } from '@sdd/runtime';
import type { GatewayConfig } from '../config';
import { Public, RequestId } from '../auth/auth-context';
import { DriverToken, DriverTokenGuard } from '../auth/driver-token.guard';
import { WithRouteTraits } from '../http/route-traits';
import { csrfTokenOf, DRIVER_SESSION_COOKIE, hashToken } from '../auth/session-cookie';
import { ApiEmptyBody, ApiErrorResponse, ApiRateLimitedResponse, ApiServiceUnavailableResponse, DRIVER_SESSION_SCHEME, DRIVER_TOKEN_SCHEME } from '../openapi/decorators';
import { EmptyBodyPipe } from '../validation/empty-body.pipe';
import { DriverSessionEntity } from './driver-session.entity';
import { DRIVER_SESSION_401, DriverSession } from './driver-session.authenticator';
import { CurrentDriverSession, DRIVER_CSRF_403, DriverCredentialGuard } from './driver-credential.guard';

/** 43 base62 characters ≈ 256 random bits, like a dashboard session. */
const SESSION_TOKEN_LENGTH = 43;

/** The driver app signs in with the driver token once and then holds only a session cookie: the token never stays in the browser. */
@ApiTags('Drivers')
@ApiRateLimitedResponse()
@ApiServiceUnavailableResponse()
@Public()
@WithRouteTraits({ budget: 'driver' })
@Controller('v1/driver/sessions')
export class DriverSessionsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @InjectRepository(DriverSessionEntity) private readonly sessions: Repository<DriverSessionEntity>,
  ) {}

  @ApiOperation({
    summary: 'Sign the driver app in',
    description:
      'Exchanges the driver token (the bearer) for a session: sets the `sdd_driver_session` cookie (HttpOnly, Secure, SameSite=Strict, Path=/v1/driver), ' +
      'which then authenticates `/v1/driver/…` in its place, and returns the CSRF token its changes carry. The session ends after DRIVER_SESSION_MAX_HOURS, ' +
      'when signed out, or as soon as the token it was exchanged for is rotated, revoked or expires. Refused tokens count against the client IP.',
  })
  @ApiBearerAuth(DRIVER_TOKEN_SCHEME)
  @ApiEmptyBody()
  @ApiCreatedResponse({
    description: 'Signed in; the `Set-Cookie` header carries the session.',
    type: DriverSessionResource,
    headers: { 'Set-Cookie': { description: '`sdd_driver_session=…; Max-Age=…; Path=/v1/driver; HttpOnly; Secure; SameSite=Strict`', schema: { type: 'string' } } },
  })
  @ApiErrorResponse(401, '`authentication_error` / `driver_token_invalid` (missing, unknown or revoked) or `driver_token_expired`.')
  @UseGuards(DriverTokenGuard)
  @Post()
  @HttpCode(201)
  async create(
    @DriverToken() driverTokenHash: string,
    @RequestId() requestId: string,
    @Body(EmptyBodyPipe) _body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DriverSessionResource> {
    // Read-only, and refused (401) unless the token names a live driver: a session is never issued for a token that does not work.
    await this.bus.request(Pattern.ListDriverOffers, { tokenHash: driverTokenHash }, { requestId });
    const token = randomToken(SESSION_TOKEN_LENGTH);
    const now = this.clock.now();
    const maxAgeSeconds = this.config.DRIVER_SESSION_MAX_HOURS * 3600;
    const expiresAt = new Date(now.getTime() + maxAgeSeconds * 1000);
    await this.sessions.insert({ id: newId('dses'), tokenHash: hashToken(token), driverTokenHash, createdAt: now, expiresAt, revokedAt: null });
    reply.header('Set-Cookie', DRIVER_SESSION_COOKIE.issued(token, maxAgeSeconds));
    return presentDriverSession({ expiresAt, csrfToken: csrfTokenOf(token) });
  }

  @ApiOperation({ summary: "The driver app's session", description: 'When it ends, and its CSRF token (the app keeps it in memory only, and asks again after a reload).' })
  @ApiCookieAuth(DRIVER_SESSION_SCHEME)
  @ApiOkResponse({ type: DriverSessionResource })
  @ApiErrorResponse(401, DRIVER_SESSION_401)
  @UseGuards(DriverCredentialGuard)
  @Get('current')
  current(@CurrentDriverSession() session: DriverSession): DriverSessionResource {
    return presentDriverSession(session);
  }

  @ApiOperation({ summary: 'Sign the driver app out', description: 'Ends this session and clears its cookie; the driver token is unaffected.' })
  @ApiCookieAuth(DRIVER_SESSION_SCHEME)
  @ApiEmptyBody()
  @ApiOkResponse({ description: 'Signed out; the cookie is cleared.', type: DriverSignedOutResource })
  @ApiErrorResponse(401, DRIVER_SESSION_401)
  @ApiErrorResponse(403, DRIVER_CSRF_403)
  @UseGuards(DriverCredentialGuard)
  @Delete('current')
  @HttpCode(200)
  async signOut(
    @CurrentDriverSession() session: DriverSession,
    @Body(EmptyBodyPipe) _body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DriverSignedOutResource> {
    const { affected } = await this.sessions.update({ id: session.id, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
    reply.header('Set-Cookie', DRIVER_SESSION_COOKIE.cleared());
    return { ended_sessions: affected ?? 0 };
  }
}
