import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@sdd/common';
import { ErrorType } from '@sdd/contracts';
import type { MerchantScope } from '@sdd/contracts';
import { WithRouteTraits } from '../http/route-traits';
import type { MemberRole } from '../members/member-role';

/** What an API key stands for: every read and write is scoped by (merchantId, mode). */
export interface ApiKeyScope extends MerchantScope {
  apiKeyId: string;
}

/** The member behind a dashboard session, and what the session's requests must show. */
export interface SessionMember {
  id: string;
  role: MemberRole;
  sessionId: string;
  /** Every state change made with the session carries it as X-CSRF-Token. */
  csrfToken: string;
}

/**
 * Who calls: an API key (apiKeyId), or a member's dashboard session (member;
 * apiKeyId null), scoped by (merchantId, mode) alike.
 */
export interface CallerScope extends MerchantScope {
  apiKeyId: string | null;
  member?: SessionMember;
}

/**
 * Who is calling in this request: the caller's scope, and the request's id,
 * which the bus messages sent for it carry (`BusClient.requestFor` reads it:
 * the gateway enters no async context per request, whose promise hooks cost
 * every promise of every request; docs/architecture.md).
 */
export interface AuthContext extends CallerScope {
  requestId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
    /**
     * The one authentication of this request, started by the rate limit (which
     * must know whether the key is valid before counting) and awaited by the
     * guard, so the key (or session) is looked up once.
     */
    authentication?: Promise<CallerScope>;
  }
}

export const IS_PUBLIC = 'sdd:isPublic';

/** A route that needs no API key (decisions.md, Public routes); the rate limit counts it per client IP. */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), WithRouteTraits({ public: true }));

/** The id of the current request (X-Request-Id), for the bus messages of a route that has no API key's scope. */
export const RequestId = createParamDecorator((_data: unknown, context: ExecutionContext): string => context.switchToHttp().getRequest<FastifyRequest>().id);

/** The authenticated caller of the current request. */
export const Auth = createParamDecorator((_data: unknown, context: ExecutionContext): AuthContext => {
  const auth = context.switchToHttp().getRequest<FastifyRequest>().auth;
  // Only a route marked @Public can run without it, and such a route must not ask for it.
  if (!auth) throw AppError.internal();
  return auth;
});

/** The member of the current request's dashboard session; 401 `session_missing` for an API key, which has none. */
export const Member = createParamDecorator((_data: unknown, context: ExecutionContext): SessionMember => {
  const member = context.switchToHttp().getRequest<FastifyRequest>().auth?.member;
  if (!member) {
    throw new AppError(401, ErrorType.Authentication, 'session_missing', 'This route is for the dashboard: sign in (POST /v1/dashboard/sessions) and send the sdd_session cookie.');
  }
  return member;
});

export const TEAM_MANAGEMENT = 'sdd:teamManagement';

/** A route that changes the team: only an owner's session may call it (roleAllows). */
export const TeamManagement = () => SetMetadata(TEAM_MANAGEMENT, true);

export const OWN_SESSION = 'sdd:ownSession';

/** A route that acts on the caller's own session only (signing out): every role may call it (roleAllows). */
export const OwnSession = () => SetMetadata(OWN_SESSION, true);

export const DEVELOPER_TOOLS = 'sdd:developerTools';

/** A route of the developers' tools (the request log): an owner's or a developer's session may call it, a viewer's not even to read (roleAllows). */
export const DeveloperTools = () => SetMetadata(DEVELOPER_TOOLS, true);
