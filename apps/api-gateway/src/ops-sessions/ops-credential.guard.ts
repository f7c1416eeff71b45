import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { OpsTokenGuard } from '../auth/ops-token.guard';
import { sameCsrfToken } from '../auth/session-cookie';
import { OpsSession, OpsSessionAuthenticator } from './ops-session.authenticator';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the operator API was called with the operator console's session cookie. */
    opsSession?: OpsSession;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const OPS_CSRF_403 = "`permission_error` / `csrf_token_invalid`: a change made with the session cookie without the session's `csrf_token` as `X-CSRF-Token`.";

/**
 * `/v1/ops/…`: the operator token (OPS_API_TOKEN) as a bearer, as integrations
 * send it, or, without an Authorization header, the operator console's
 * session cookie, whose changes carry its CSRF token. Unset, the token opens
 * nothing, and no session can have been made with it.
 */
@Injectable()
export class OpsCredentialGuard implements CanActivate {
  constructor(
    private readonly token: OpsTokenGuard,
    private readonly sessions: OpsSessionAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const { authorization, cookie } = request.headers;
    if (authorization !== undefined || !this.sessions.carriesSession(cookie)) return this.token.canActivate(context);
    const session = await this.sessions.authenticate(cookie);
    const csrf = request.headers['x-csrf-token'];
    if (!SAFE_METHODS.has(request.method) && !sameCsrfToken(typeof csrf === 'string' ? csrf : undefined, session.csrfToken)) {
      throw new AppError(403, ErrorType.Permission, 'csrf_token_invalid', "A change made with the session cookie needs the session's csrf_token in the X-CSRF-Token header.");
    }
    request.opsSession = session;
    return true;
  }
}

/** The calling console's session, on a route that takes the session only. */
export const CurrentOpsSession = createParamDecorator((_data: unknown, context: ExecutionContext): OpsSession => {
  const session = context.switchToHttp().getRequest<FastifyRequest>().opsSession;
  if (!session) throw new AppError(401, ErrorType.Authentication, 'ops_session_invalid', 'This route takes the operator console session cookie, not a bearer token.');
  return session;
});
