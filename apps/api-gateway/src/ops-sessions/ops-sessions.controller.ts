import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { IsNull, Repository } from 'typeorm';
import { Clock, CLOCK, newId, randomToken } from '@sdd/common';
import { OpsSessionResource, OpsSignedOutResource, presentOpsSession } from '@sdd/public-api';
import { APP_CONFIG } from '@sdd/runtime';
import type { GatewayConfig } from '../config';
import { Public } from '../auth/auth-context';
import { OpsTokenGuard } from '../auth/ops-token.guard';
import { csrfTokenOf, hashToken, OPS_SESSION_COOKIE } from '../auth/session-cookie';
import { ApiEmptyBody, ApiErrorResponse, ApiRateLimitedResponse, ApiServiceUnavailableResponse, OPS_SESSION_SCHEME, OPS_TOKEN_SCHEME } from '../openapi/decorators';
import { EmptyBodyPipe } from '../validation/empty-body.pipe';
import { OpsSessionEntity } from './ops-session.entity';
import { OPS_SESSION_401, OpsSession } from './ops-session.authenticator';
import { CurrentOpsSession, OPS_CSRF_403, OpsCredentialGuard } from './ops-credential.guard';

/** 43 base62 characters ≈ 256 random bits, like a dashboard session. */
const SESSION_TOKEN_LENGTH = 43;

/** The operator console signs in with the operator token once and then holds only a session cookie: the token never stays in the browser. */
@ApiTags('Operators')
@ApiRateLimitedResponse()
@ApiServiceUnavailableResponse()
@Public()
@Controller('v1/ops/sessions')
export class OpsSessionsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @InjectRepository(OpsSessionEntity) private readonly sessions: Repository<OpsSessionEntity>,
  ) {}

  @ApiOperation({
    summary: 'Sign the operator console in',
    description:
      'Exchanges the operator token (the bearer) for a session: sets the `sdd_ops_session` cookie (HttpOnly, Secure, SameSite=Strict, Path=/v1/ops), ' +
      'which then authenticates `/v1/ops/…` in its place, and returns the CSRF token its changes carry. The session ends after OPS_SESSION_MAX_HOURS or when ' +
      'signed out. Every attempt counts against the client IP (RATE_LIMIT_PER_MINUTE).',
  })
  @ApiBearerAuth(OPS_TOKEN_SCHEME)
  @ApiEmptyBody()
  @ApiCreatedResponse({
    description: 'Signed in; the `Set-Cookie` header carries the session.',
    type: OpsSessionResource,
    headers: { 'Set-Cookie': { description: '`sdd_ops_session=…; Max-Age=…; Path=/v1/ops; HttpOnly; Secure; SameSite=Strict`', schema: { type: 'string' } } },
  })
  @ApiErrorResponse(401, '`authentication_error` / `ops_token_invalid`: not the operator token.')
  @UseGuards(OpsTokenGuard)
  @Post()
  @HttpCode(201)
  async create(@Body(EmptyBodyPipe) _body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<OpsSessionResource> {
    const token = randomToken(SESSION_TOKEN_LENGTH);
    const now = this.clock.now();
    const maxAgeSeconds = this.config.OPS_SESSION_MAX_HOURS * 3600;
    const expiresAt = new Date(now.getTime() + maxAgeSeconds * 1000);
    await this.sessions.insert({ id: newId('oses'), tokenHash: hashToken(token), createdAt: now, expiresAt, revokedAt: null });
    reply.header('Set-Cookie', OPS_SESSION_COOKIE.issued(token, maxAgeSeconds));
    return this.present({ expiresAt, csrfToken: csrfTokenOf(token) });
  }

  @ApiOperation({
    summary: "The operator console's session",
    description: 'When it ends, its CSRF token (the console keeps it in memory only, and asks again after a reload) and what the live map draws on.',
  })
  @ApiCookieAuth(OPS_SESSION_SCHEME)
  @ApiOkResponse({ type: OpsSessionResource })
  @ApiErrorResponse(401, OPS_SESSION_401)
  @UseGuards(OpsCredentialGuard)
  @Get('current')
  current(@CurrentOpsSession() session: OpsSession): OpsSessionResource {
    return this.present(session);
  }

  @ApiOperation({ summary: 'Sign the operator console out', description: 'Ends this session and clears its cookie; the operator token is unaffected.' })
  @ApiCookieAuth(OPS_SESSION_SCHEME)
  @ApiEmptyBody()
  @ApiOkResponse({ description: 'Signed out; the cookie is cleared.', type: OpsSignedOutResource })
  @ApiErrorResponse(401, OPS_SESSION_401)
  @ApiErrorResponse(403, OPS_CSRF_403)
  @UseGuards(OpsCredentialGuard)
  @Delete('current')
  @HttpCode(200)
  async signOut(@CurrentOpsSession() session: OpsSession, @Body(EmptyBodyPipe) _body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<OpsSignedOutResource> {
    const { affected } = await this.sessions.update({ id: session.id, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
    reply.header('Set-Cookie', OPS_SESSION_COOKIE.cleared());
    return { ended_sessions: affected ?? 0 };
  }

  private present(session: { expiresAt: Date; csrfToken: string }): OpsSessionResource {
    return presentOpsSession(session, { tileUrl: this.config.TILE_URL, tileAttribution: this.config.TILE_ATTRIBUTION });
  }
}
