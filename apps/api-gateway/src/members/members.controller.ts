import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DashboardSessionResource, DeletedMemberResource, InvitationResource, MemberListResource, MemberResource } from '@sdd/public-api';
import { Auth, AuthContext, Member, Public, SessionMember, TeamManagement } from '../auth/auth-context';
import { ApiEmptyBody, ApiErrorResponse, ApiJsonBodyErrorResponses, ApiRateLimitedResponse, ApiServiceUnavailableResponse } from '../openapi/decorators';
import { EmptyBodyPipe } from '../validation/empty-body.pipe';
import { AcceptInvitationDto } from './accept-invitation.dto';
import { InviteMemberDto, UpdateMemberDto } from './invite-member.dto';
import { SESSION_401, SESSION_SCHEME } from './session-openapi';
import { TeamHandler } from './team.handler';

const OWNER_403 = "`permission_error` / `csrf_token_invalid` (no X-CSRF-Token, or not the session's) or `role_forbidden` (only an owner manages the team).";
const LAST_OWNER_409 = '`invalid_request_error` / `last_owner`: the team must keep an owner.';

/** The team of the signed-in member's merchant. */
@ApiTags('Dashboard')
@ApiRateLimitedResponse()
@ApiServiceUnavailableResponse()
@Controller('v1/dashboard')
export class MembersController {
  constructor(private readonly team: TeamHandler) {}

  @ApiOperation({ summary: 'List the team', description: "The merchant's members, oldest first. Any member may read it." })
  @ApiCookieAuth(SESSION_SCHEME)
  @ApiOkResponse({ type: MemberListResource })
  @ApiErrorResponse(401, SESSION_401)
  @Get('members')
  list(@Auth() auth: AuthContext, @Member() _member: SessionMember): Promise<MemberListResource> {
    return this.team.list(auth.merchantId);
  }

  @ApiOperation({
    summary: 'Invite a teammate',
    description: 'Mails `<PUBLIC_BASE_URL>/dashboard/accept-invitation#token=…`, valid once for 7 days (owner only).',
  })
  @ApiCookieAuth(SESSION_SCHEME)
  @ApiCreatedResponse({ type: InvitationResource })
  @ApiErrorResponse(400, '`invalid_request_error`: `email` or `role` is missing or invalid, or a field is unknown; `param` names it.')
  @ApiErrorResponse(401, SESSION_401)
  @ApiErrorResponse(403, OWNER_403)
  @ApiErrorResponse(409, '`invalid_request_error` / `member_exists`: this email is already a member of a team.')
  @ApiJsonBodyErrorResponses()
  @TeamManagement()
  @Post('invitations')
  @HttpCode(201)
  invite(@Auth() auth: AuthContext, @Member() _member: SessionMember, @Body() body: InviteMemberDto): Promise<InvitationResource> {
    return this.team.invite(auth.merchantId, body.email, body.role);
  }

  @ApiOperation({
    summary: 'Accept an invitation',
    description: 'Creates the member with its password, and signs it in: sets the `sdd_session` cookie like POST /v1/dashboard/sessions.',
    security: [],
  })
  @ApiCreatedResponse({
    type: DashboardSessionResource,
    headers: { 'Set-Cookie': { description: '`sdd_session=…; Max-Age=…; Path=/; HttpOnly; Secure; SameSite=Strict`', schema: { type: 'string' } } },
  })
  @ApiErrorResponse(
    400,
    '`invalid_request_error`: a field is missing, invalid or unknown (`password` under 12 characters); `invitation_invalid`: the token is unknown, used or expired.',
  )
  @ApiErrorResponse(409, '`invalid_request_error` / `member_exists`: this email became a member meanwhile.')
  @ApiJsonBodyErrorResponses()
  @Public()
  @Post('invitations/accept')
  @HttpCode(201)
  async accept(@Body() body: AcceptInvitationDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<DashboardSessionResource> {
    const session = await this.team.accept(body.token, body.password);
    reply.header('Set-Cookie', session.cookie);
    return session.resource;
  }

  @ApiOperation({ summary: "Change a member's role", description: "Owner only; the team keeps at least one owner. Takes effect on the member's next request." })
  @ApiCookieAuth(SESSION_SCHEME)
  @ApiOkResponse({ type: MemberResource })
  @ApiErrorResponse(400, '`invalid_request_error`: `role` is missing or invalid, or a field is unknown; `param` names it.')
  @ApiErrorResponse(401, SESSION_401)
  @ApiErrorResponse(403, OWNER_403)
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: no member with this id in the team.')
  @ApiErrorResponse(409, LAST_OWNER_409)
  @ApiJsonBodyErrorResponses()
  @TeamManagement()
  @Patch('members/:id')
  changeRole(@Auth() auth: AuthContext, @Member() _member: SessionMember, @Param('id') id: string, @Body() body: UpdateMemberDto): Promise<MemberResource> {
    return this.team.changeRole(auth.merchantId, id, body.role);
  }

  @ApiOperation({ summary: 'Remove a member', description: 'Owner only; the member is signed out everywhere at once. The team keeps at least one owner.' })
  @ApiCookieAuth(SESSION_SCHEME)
  @ApiEmptyBody()
  @ApiOkResponse({ description: 'Removed.', type: DeletedMemberResource })
  @ApiErrorResponse(401, SESSION_401)
  @ApiErrorResponse(403, OWNER_403)
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: no member with this id in the team.')
  @ApiErrorResponse(409, LAST_OWNER_409)
  @TeamManagement()
  @Delete('members/:id')
  @HttpCode(200)
  async remove(@Auth() auth: AuthContext, @Member() _member: SessionMember, @Param('id') id: string, @Body(EmptyBodyPipe) _body: unknown): Promise<DeletedMemberResource> {
    await this.team.remove(auth.merchantId, id);
    return { id, deleted: true };
  }
}
