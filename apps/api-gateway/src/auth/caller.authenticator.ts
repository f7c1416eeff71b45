import { Injectable } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import { DASHBOARD_MODE_HEADER } from '../members/dashboard-mode';
import { SessionAuthenticator } from '../members/session.authenticator';
import { DASHBOARD_SESSION_COOKIE } from './session-cookie';
import { ApiKeyAuthenticator } from './api-key.authenticator';
import type { CallerScope } from './auth-context';

/**
 * An API key, or else a dashboard session cookie. A request with both uses
 * the key; a request without a session cookie costs the key path one string
 * search more than before, and no lookup.
 */
@Injectable()
export class CallerAuthenticator {
  constructor(
    private readonly keys: ApiKeyAuthenticator,
    private readonly sessions: SessionAuthenticator,
  ) {}

  authenticate(headers: IncomingHttpHeaders): Promise<CallerScope> {
    if (headers.authorization === undefined && DASHBOARD_SESSION_COOKIE.isIn(headers.cookie)) {
      return this.sessions.authenticate(headers.cookie, headers[DASHBOARD_MODE_HEADER]);
    }
    return this.keys.authenticate(headers.authorization);
  }
}
