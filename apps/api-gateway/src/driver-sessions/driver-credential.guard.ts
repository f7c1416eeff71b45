import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { sameCsrfToken } from '../auth/session-cookie';
import { DriverSession, DriverSessionAuthenticator } from './driver-session.authenticator';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the driver API was called with the driver app's session cookie. */
    driverSession?: DriverSession;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const DRIVER_CSRF_403 = "`permission_error` / `csrf_token_invalid`: a change made with the session cookie without the session's `csrf_token` as `X-CSRF-Token`.";

/**
 * `/v1/driver/…`: the driver token as a bearer (the simulator, scripts), or,
 * without one, the driver app's session cookie, whose changes carry its CSRF
 * token. Either way the route gets the driver token's hash (DriverToken).
 */
@Injectable()
export class DriverCredentialGuard implements CanActivate {
  constructor(private readonly sessions: DriverSessionAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const { driverTokenHash, session } = await this.sessions.credentialOf(request.headers);
    request.driverTokenHash = driverTokenHash;
    if (!session) return true;
    const csrf = request.headers['x-csrf-token'];
    if (!SAFE_METHODS.has(request.method) && !sameCsrfToken(typeof csrf === 'string' ? csrf : undefined, session.csrfToken)) {
      throw new AppError(403, ErrorType.Permission, 'csrf_token_invalid', "A change made with the session cookie needs the session's csrf_token in the X-CSRF-Token header.");
    }
    request.driverSession = session;
    return true;
  }
}

/** The calling driver app's session, on a route that takes the session only. */
export const CurrentDriverSession = createParamDecorator((_data: unknown, context: ExecutionContext): DriverSession => {
  const session = context.switchToHttp().getRequest<FastifyRequest>().driverSession;
  if (!session) throw new AppError(401, ErrorType.Authentication, 'driver_session_invalid', 'This route takes the driver app session cookie, not a bearer token.');
  return session;
});
