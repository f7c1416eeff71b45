import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, Repository } from 'typeorm';
import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { csrfTokenOf, hashToken, OPS_SESSION_COOKIE } from '../auth/session-cookie';
import { OpsSessionEntity } from './ops-session.entity';

/** A live operator console session: what the operator API needs of it. */
export interface OpsSession {
  id: string;
  expiresAt: Date;
  csrfToken: string;
}

export const OPS_SESSION_401 = '`authentication_error` / `ops_session_invalid`: the session has ended (expired or signed out) or is unknown.';

/** Resolves the operator console's session cookie to its session: unexpired and not signed out. */
@Injectable()
export class OpsSessionAuthenticator {
  constructor(@InjectRepository(OpsSessionEntity) private readonly sessions: Repository<OpsSessionEntity>) {}

  /** Whether the request carries a cookie that can be an operator session at all (the guard then takes it in place of the bearer). */
  carriesSession(cookieHeader: string | undefined): boolean {
    return OPS_SESSION_COOKIE.tokenFrom(cookieHeader) !== undefined;
  }

  async authenticate(cookieHeader: string | undefined): Promise<OpsSession> {
    const token = OPS_SESSION_COOKIE.tokenFrom(cookieHeader);
    const row = token ? await this.sessions.findOneBy({ tokenHash: hashToken(token), revokedAt: IsNull(), expiresAt: MoreThan(new Date()) }) : null;
    if (!token || !row) throw new AppError(401, ErrorType.Authentication, 'ops_session_invalid', 'The operator session has ended or is unknown: sign in again.');
    return { id: row.id, expiresAt: row.expiresAt, csrfToken: csrfTokenOf(token) };
  }
}
