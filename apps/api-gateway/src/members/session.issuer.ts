import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { AppError, Clock, CLOCK, newId, randomToken } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { DashboardSessionResource, presentDashboardSession } from '@sdd/public-api';
import type { GatewayConfig } from '../config';
import { MerchantEntity } from '../merchants/merchant.entity';
import { DashboardSessionEntity } from './dashboard-session.entity';
import { MemberEntity } from './member.entity';
import { csrfTokenOf, DASHBOARD_SESSION_COOKIE, hashToken } from '../auth/session-cookie';

/** A session just begun: the cookie to set, and what the browser is told. */
export interface IssuedSession {
  cookie: string;
  resource: DashboardSessionResource;
}

/** 43 base62 characters ≈ 256 random bits, like an API key. */
const SESSION_TOKEN_LENGTH = 43;

/** Begins sessions, and presents the member of one. */
@Injectable()
export class SessionIssuer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @InjectRepository(MerchantEntity) private readonly merchants: Repository<MerchantEntity>,
  ) {}

  /** A new session of `member`, written with `manager` (inside the caller's transaction, if any). */
  async issue(manager: EntityManager, member: MemberEntity): Promise<IssuedSession> {
    const token = randomToken(SESSION_TOKEN_LENGTH);
    const now = this.clock.now();
    const maxAgeSeconds = this.config.DASHBOARD_SESSION_MAX_HOURS * 3600;
    await manager.insert(DashboardSessionEntity, {
      id: newId('ses'),
      tokenHash: hashToken(token),
      memberId: member.id,
      merchantId: member.merchantId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + maxAgeSeconds * 1000),
      revokedAt: null,
    });
    return { cookie: DASHBOARD_SESSION_COOKIE.issued(token, maxAgeSeconds), resource: await this.present(member, csrfTokenOf(token)) };
  }

  async present(member: MemberEntity, csrfToken: string): Promise<DashboardSessionResource> {
    const merchant = await this.merchants.findOneBy({ id: member.merchantId });
    if (!merchant) throw AppError.notFound('This merchant no longer exists.');
    return presentDashboardSession(member, merchant, csrfToken);
  }
}
