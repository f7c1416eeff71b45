import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { isOpsRequest, listenerOf } from '../http/listeners';
import { changesState, roleAllows } from '../members/member-role';
import { sameCsrfToken } from './session-cookie';
import { CallerAuthenticator } from './caller.authenticator';
import { DEVELOPER_TOOLS, IS_PUBLIC, OWN_SESSION, SessionMember, TEAM_MANAGEMENT } from './auth-context';

/**
 * Every public-port route needs an API key (or a dashboard session in its
 * place) unless it is marked @Public.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: CallerAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // The ops listener serves probes to the orchestrator, which holds no key.
    if (isOpsRequest(request.raw)) return true;
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const auth = await (request.authentication ?? this.authenticator.authenticate(request.headers));
    if (auth.mode === 'live' && listenerOf(request.raw) === 'sandbox') {
      throw new AppError(401, ErrorType.Authentication, 'api_key_mode_mismatch', 'The sandbox address accepts test keys only (svc_test_…). Use the main address for live keys.');
    }
    if (auth.member) this.holdSessionToItsRights(context, request, auth.member);
    request.auth = { ...auth, requestId: request.id };
    return true;
  }

  /** A session's state change shows the session's CSRF token, and every request keeps to the member's role. */
  private holdSessionToItsRights(context: ExecutionContext, request: FastifyRequest, member: SessionMember): void {
    const csrfHeader = request.headers['x-csrf-token'];
    if (changesState(request.method) && !sameCsrfToken(typeof csrfHeader === 'string' ? csrfHeader : undefined, member.csrfToken)) {
      throw new AppError(403, ErrorType.Permission, 'csrf_token_invalid', "A change made with the session cookie needs the session's csrf_token in the X-CSRF-Token header.");
    }
    const teamManagement = this.reflector.getAllAndOverride<boolean>(TEAM_MANAGEMENT, [context.getHandler(), context.getClass()]) ?? false;
    const ownSession = this.reflector.getAllAndOverride<boolean>(OWN_SESSION, [context.getHandler(), context.getClass()]) ?? false;
    const developerTools = this.reflector.getAllAndOverride<boolean>(DEVELOPER_TOOLS, [context.getHandler(), context.getClass()]) ?? false;
    if (!roleAllows(member.role, { method: request.method, teamManagement, ownSession, developerTools })) {
      throw new AppError(403, ErrorType.Permission, 'role_forbidden', `A member with the ${member.role} role cannot do this.`);
    }
  }
}
