import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import type { GatewayConfig } from '../config';
import type { CallerScope } from '../auth/auth-context';
import { DashboardSessionEntity } from './dashboard-session.entity';
import { MemberEntity } from './member.entity';
import type { MemberRole } from './member-role';
import { dashboardMode } from './dashboard-mode';
import { csrfTokenOf, DASHBOARD_SESSION_COOKIE, hashToken } from '../auth/session-cookie';

/** last_seen_at is moved at most this often, so a session's requests stay reads. */
const LAST_SEEN_RESOLUTION_SECONDS = 60;

interface SessionRow {
  id: string;
  member_id: string;
  merchant_id: string;
  role: MemberRole;
  stale: boolean;
}

/** Resolves a session cookie to the member, merchant and mode it stands for. */
@Injectable()
export class SessionAuthenticator {
  private readonly logger = new Logger(SessionAuthenticator.name);

  constructor(
    @InjectRepository(DashboardSessionEntity) private readonly sessions: Repository<DashboardSessionEntity>,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async authenticate(cookieHeader: string | undefined, modeHeader: string | string[] | undefined): Promise<CallerScope> {
    const mode = dashboardMode(modeHeader);
    const token = DASHBOARD_SESSION_COOKIE.tokenFrom(cookieHeader);
    const row = token ? await this.findLive(hashToken(token)) : undefined;
    if (!token || !row) {
      throw new AppError(401, ErrorType.Authentication, 'session_invalid', 'The session has ended or is unknown: sign in again.');
    }
    if (row.stale) this.touch(row.id);
    return {
      merchantId: row.merchant_id,
      mode,
      apiKeyId: null,
      member: { id: row.member_id, role: row.role, sessionId: row.id, csrfToken: csrfTokenOf(token) },
    };
  }

  /** A session not signed out, before its absolute end, and used within the idle timeout. */
  private async findLive(tokenHash: string): Promise<SessionRow | undefined> {
    return this.sessions
      .createQueryBuilder('s')
      .innerJoin(MemberEntity, 'm', 'm.id = s.member_id')
      .select(['s.id AS id', 's.member_id AS member_id', 's.merchant_id AS merchant_id', 'm.role AS role'])
      .addSelect('s.last_seen_at < now() - make_interval(secs => :resolution)', 'stale')
      .where('s.token_hash = :tokenHash', { tokenHash })
      .andWhere('s.revoked_at IS NULL AND s.expires_at > now()')
      .andWhere('s.last_seen_at > now() - make_interval(mins => :idle)', { idle: this.config.DASHBOARD_SESSION_IDLE_MINUTES })
      .setParameter('resolution', LAST_SEEN_RESOLUTION_SECONDS)
      .getRawOne<SessionRow>();
  }

  /** Off the request's path, like an API key's last use: the request never waits for it. */
  private touch(sessionId: string): void {
    this.sessions
      .update({ id: sessionId }, { lastSeenAt: () => 'now()' })
      .catch((error: unknown) => this.logger.warn(`last_seen_at not recorded for ${sessionId}: ${error instanceof Error ? error.message : String(error)}`));
  }
}
