import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCookieAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IsNull, Repository } from 'typeorm';
import { AppError } from '@sdd/common';
import { DashboardSessionResource, SignedOutResource, SignInLinkRequestResource } from '@sdd/public-api';
import { APP_CONFIG } from '@sdd/runtime';
import { Member, OwnSession, Public, SessionMember } from '../auth/auth-context';
import type { GatewayConfig } from '../config';
import { clientIp, TrustedProxies } from '../http/client-ip';
import { ApiEmptyBody, ApiErrorResponse, ApiJsonBodyErrorResponses, ApiRateLimitedResponse, ApiServiceUnavailableResponse } from '../openapi/decorators';
import { EmptyBodyPipe } from '../validation/empty-body.pipe';
import { CreateSessionDto } from './create-session.dto';
import { SendSignInLinkDto } from './send-sign-in-link.dto';
import { DashboardSessionEntity } from './dashboard-session.entity';
import { MemberEntity } from './member.entity';
import { DASHBOARD_SESSION_COOKIE } from '../auth/session-cookie';
import { IssuedSession, SessionIssuer } from './session.issuer';
import { SignInHandler } from './sign-in.handler';
import { SignInThrottled } from './sign-in.throttle';
import { SESSION_401, SESSION_SCHEME } from './session-openapi';

const CSRF_403 = "`permission_error` / `csrf_token_invalid`: the X-CSRF-Token header is missing or is not the session's `csrf_token`.";

/** Signing in and out of the dashboard. */
@ApiTags('Dashboard')
@ApiServiceUnavailableResponse()
@Controller('v1/dashboard')
export class SessionsController {
  private readonly trusted: TrustedProxies;

  constructor(
    @Inject(APP_CONFIG) config: GatewayConfig,
    private readonly signIn: SignInHandler,
    private readonly issuer: SessionIssuer,
    @InjectRepository(MemberEntity) private readonly members: Repository<MemberEntity>,
    @InjectRepository(DashboardSessionEntity) private readonly sessions: Repository<DashboardSessionEntity>,
  ) {
    this.trusted = new TrustedProxies(config.TRUST_PROXY);
  }

  @ApiOperation({
    summary: 'Sign in to the dashboard',
    description:
      'With `email` and `password`, or with the `link_token` of a sign-in link. Sets the `sdd_session` cookie ' +
      '(HttpOnly, Secure, SameSite=Strict) and returns the CSRF token every change made with it must carry.',
    security: [],
  })
  @ApiCreatedResponse({
    description: 'Signed in; the `Set-Cookie` header carries the session.',
    type: DashboardSessionResource,
    headers: { 'Set-Cookie': { description: '`sdd_session=…; Max-Age=…; Path=/; HttpOnly; Secure; SameSite=Strict`', schema: { type: 'string' } } },
  })
  @ApiErrorResponse(400, '`invalid_request_error`: a field is missing, invalid or unknown; `param` names it.')
  @ApiErrorResponse(401, '`authentication_error` / `sign_in_failed`: the email or password is wrong (one answer for both), or the link is unknown, used or expired.')
  @ApiJsonBodyErrorResponses()
  @ApiRateLimitedResponse('`rate_limit_error` / `rate_limit_exceeded`: too many sign-in attempts for this email or from this client IP; wait as long as `Retry-After` says.')
  @Public()
  @Post('sessions')
  @HttpCode(201)
  async create(@Body() body: CreateSessionDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<DashboardSessionResource> {
    const ip = this.clientIpOf(request);
    let session: IssuedSession;
    try {
      session = body.link_token === undefined ? await this.signIn.withPassword(body.email as string, body.password as string, ip) : await this.signIn.withLink(body.link_token, ip);
    } catch (error) {
      if (error instanceof SignInThrottled) reply.header('Retry-After', String(error.retryAfter));
      throw error;
    }
    reply.header('Set-Cookie', session.cookie);
    return session.resource;
  }

  @ApiOperation({
    summary: 'Email a sign-in link',
    description:
      'When the email names a member, mails a link `<PUBLIC_BASE_URL>/dashboard/sign-in#token=…` that signs in once, within 15 minutes ' +
      '(POST /v1/dashboard/sessions with `link_token`). The answer is the same whether or not the email is a member’s.',
    security: [],
  })
  @ApiAcceptedResponse({ description: 'A link is on its way if the email names a member.', type: SignInLinkRequestResource })
  @ApiErrorResponse(400, '`invalid_request_error`: `email` is missing or invalid, or a field is unknown; `param` names it.')
  @ApiJsonBodyErrorResponses()
  @ApiRateLimitedResponse('`rate_limit_error` / `rate_limit_exceeded`: too many sign-in attempts for this email or from this client IP; wait as long as `Retry-After` says.')
  @Public()
  @Post('sign_in_links')
  @HttpCode(202)
  async sendSignInLink(@Body() body: SendSignInLinkDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<SignInLinkRequestResource> {
    try {
      await this.signIn.sendLink(body.email, this.clientIpOf(request));
    } catch (error) {
      if (error instanceof SignInThrottled) reply.header('Retry-After', String(error.retryAfter));
      throw error;
    }
    return { email: body.email };
  }

  @ApiOperation({ summary: 'The signed-in member', description: 'The member and merchant of the session cookie, and its CSRF token.' })
  @ApiCookieAuth(SESSION_SCHEME)
  @ApiOkResponse({ type: DashboardSessionResource })
  @ApiErrorResponse(401, SESSION_401)
  @ApiRateLimitedResponse()
  @Get('session')
  async current(@Member() member: SessionMember): Promise<DashboardSessionResource> {
    const stored = await this.members.findOneBy({ id: member.id });
    if (!stored) throw AppError.notFound('This member no longer exists.');
    return this.issuer.present(stored, member.csrfToken);
  }

  @ApiOperation({ summary: 'Sign out', description: 'Ends this session and clears its cookie.' })
  @ApiCookieAuth(SESSION_SCHEME)
  @ApiEmptyBody()
  @ApiOkResponse({ description: 'Signed out; the cookie is cleared.', type: SignedOutResource })
  @ApiErrorResponse(401, SESSION_401)
  @ApiErrorResponse(403, CSRF_403)
  @ApiRateLimitedResponse()
  @Delete('session')
  @OwnSession()
  @HttpCode(200)
  async signOut(@Member() member: SessionMember, @Body(EmptyBodyPipe) _body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<SignedOutResource> {
    const { affected } = await this.sessions.update({ id: member.sessionId, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
    reply.header('Set-Cookie', DASHBOARD_SESSION_COOKIE.cleared());
    return { ended_sessions: affected ?? 0 };
  }

  @ApiOperation({ summary: 'Sign out everywhere', description: 'Ends every session of the signed-in member, this one included, on every device.' })
  @ApiCookieAuth(SESSION_SCHEME)
  @ApiEmptyBody()
  @ApiOkResponse({ description: 'Every session of the member has ended; the cookie is cleared.', type: SignedOutResource })
  @ApiErrorResponse(401, SESSION_401)
  @ApiErrorResponse(403, CSRF_403)
  @ApiRateLimitedResponse()
  @Post('session/sign_out_everywhere')
  @OwnSession()
  @HttpCode(200)
  async signOutEverywhere(@Member() member: SessionMember, @Body(EmptyBodyPipe) _body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<SignedOutResource> {
    const { affected } = await this.sessions.update({ memberId: member.id, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
    reply.header('Set-Cookie', DASHBOARD_SESSION_COOKIE.cleared());
    return { ended_sessions: affected ?? 0 };
  }

  private clientIpOf(request: FastifyRequest): string {
    return clientIp(request.socket.remoteAddress ?? '', request.headers['x-forwarded-for'], this.trusted);
  }
}
