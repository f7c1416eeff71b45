import { CanActivate, createParamDecorator, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { GatewayConfig } from '../config';
import { OpsCredential } from '../auth/ops-credential';
import { sameCsrfToken } from '../members/session-cookie';
import { OpsSession, OpsSessionAuthenticator } from './ops-session.authenticator';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the operator API was called with the operator console's session cookie. */
    opsSession?: OpsSession;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const OPS_CSRF_403 = "`permission_error` / `csrf_token_invalid`: a change made with the session cookie without the session's `csrf_token` as `X-CSRF-Token`.";

const opsTokenInvalid = (): AppError =>
  new AppError(401, ErrorType.Authentication, 'ops_token_invalid', 'The operator API needs the operator token (OPS_API_TOKEN) as a bearer token, or an operator console session.');

/**
 * `/v1/ops/…`: the operator token (OPS_API_TOKEN) as a bearer, as integrations
 * send it, or, without an Authorization header, the operator console's
 * session cookie, whose changes carry its CSRF token. Unset, the token opens
 * nothing, and no session can have been made with it.
 */
@Injectable()
export class OpsCredentialGuard implements CanActivate {
  private readonly credential: OpsCredential;

  constructor(
    @Inject(APP_CONFIG) config: GatewayConfig,
    private readonly sessions: OpsSessionAuthenticator,
  ) {
    this.credential = new OpsCredential(config.OPS_API_TOKEN);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const { authorization, cookie } = request.headers;
    if (authorization !== undefined || !this.sessions.carriesSession(cookie)) {
      if (!this.credential.matches(authorization)) throw opsTokenInvalid();
      return true;
    }
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
