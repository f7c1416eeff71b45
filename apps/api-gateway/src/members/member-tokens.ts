import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock, CLOCK, newId, randomToken } from '@sdd/common';
import { MemberTokenEntity, MemberTokenPurpose } from './member-token.entity';
import type { MemberRole } from './member-role';
import { hashToken } from '../auth/session-cookie';

/** How long each kind of mailed token stays usable. */
export const TOKEN_LIFETIME_MS: Readonly<Record<MemberTokenPurpose, number>> = {
  sign_in: 15 * 60_000,
  invitation: 7 * 24 * 3600_000,
};

const TOKEN_LENGTH = 43;

export interface TokenGrant {
  merchantId: string;
  email: string;
  role: MemberRole | null;
}

/** One-use tokens mailed to people: issued as a hash, redeemed once, atomically, before they expire. */
@Injectable()
export class MemberTokens {
  constructor(@Inject(CLOCK) private readonly clock: Clock) {}

  async issue(manager: EntityManager, purpose: MemberTokenPurpose, grant: TokenGrant): Promise<{ token: string; row: MemberTokenEntity }> {
    const token = randomToken(TOKEN_LENGTH);
    const now = this.clock.now();
    const row = Object.assign(new MemberTokenEntity(), {
      id: newId(purpose === 'sign_in' ? 'sil' : 'inv'),
      tokenHash: hashToken(token),
      purpose,
      merchantId: grant.merchantId,
      email: grant.email,
      role: grant.role,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
      usedAt: null,
    });
    await manager.insert(MemberTokenEntity, row);
    return { token, row };
  }

  /**
   * What the token grants, marking it used; undefined when it is unknown,
   * used, expired or of another purpose. Call inside a transaction: the row
   * lock makes a concurrent redemption of the same token wait, then find it used.
   */
  async redeem(manager: EntityManager, purpose: MemberTokenPurpose, token: string): Promise<TokenGrant | undefined> {
    const row = await manager
      .createQueryBuilder(MemberTokenEntity, 't')
      .setLock('pessimistic_write')
      .where('t.token_hash = :tokenHash AND t.purpose = :purpose', { tokenHash: hashToken(token), purpose })
      .andWhere('t.used_at IS NULL AND t.expires_at > now()')
      .getOne();
    if (!row) return undefined;
    await manager.update(MemberTokenEntity, { id: row.id }, { usedAt: () => 'now()' });
    return { merchantId: row.merchantId, email: row.email, role: row.role };
  }
}
