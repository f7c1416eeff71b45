import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, IsNull, Repository } from 'typeorm';
import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { driverTokenHashOf } from '../auth/driver-token.guard';
import { csrfTokenOf, DRIVER_SESSION_COOKIE, hashToken } from '../auth/session-cookie';
import { DriverSessionEntity } from './driver-session.entity';

/** A live driver session: what the driver API needs of it. */
export interface DriverSession {
  id: string;
  driverTokenHash: string;
  expiresAt: Date;
  csrfToken: string;
}

export const DRIVER_SESSION_401 = '`authentication_error` / `driver_session_invalid`: the session has ended (expired or signed out) or is unknown.';

/** Resolves the driver app's session cookie to the session; the driver token behind it is checked by delivery-service on each call. */
@Injectable()
export class DriverSessionAuthenticator {
  constructor(@InjectRepository(DriverSessionEntity) private readonly sessions: Repository<DriverSessionEntity>) {}

  /**
   * The driver credential of a request: its bearer token (the simulator, scripts) or, without one, the
   * driver app's session cookie; either way the hash of the driver token delivery-service knows the driver by.
   */
  async credentialOf(headers: { authorization?: string; cookie?: string }): Promise<{ driverTokenHash: string; session?: DriverSession }> {
    if (headers.authorization !== undefined || DRIVER_SESSION_COOKIE.tokenFrom(headers.cookie) === undefined) return { driverTokenHash: driverTokenHashOf(headers.authorization) };
    const session = await this.authenticate(headers.cookie);
    return { driverTokenHash: session.driverTokenHash, session };
  }

  async authenticate(cookieHeader: string | undefined): Promise<DriverSession> {
    const token = DRIVER_SESSION_COOKIE.tokenFrom(cookieHeader);
    const row = token ? await this.sessions.findOneBy({ tokenHash: hashToken(token), revokedAt: IsNull(), expiresAt: MoreThan(new Date()) }) : null;
    if (!token || !row) throw new AppError(401, ErrorType.Authentication, 'driver_session_invalid', 'The driver session has ended or is unknown: sign in again.');
    return { id: row.id, driverTokenHash: row.driverTokenHash, expiresAt: row.expiresAt, csrfToken: csrfTokenOf(token) };
  }
}
