import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock, CLOCK, newId, randomToken } from '@sdd/common';
import { AccountTokenEntity, AccountTokenPurpose } from './account-token.entity';
import type { MemberRole } from './member-role';
import { hashToken } from './session-cookie';

/** How long each kind of mailed token stays usable. */
export const TOKEN_LIFETIME_MS: Readonly<Record<AccountTokenPurpose, number>> = {
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
export class AccountTokens {
  constructor(@Inject(CLOCK) private readonly clock: Clock) {}

  async issue(manager: EntityManager, purpose: AccountTokenPurpose, grant: TokenGrant): Promise<{ token: string; row: AccountTokenEntity }> {
    const token = randomToken(TOKEN_LENGTH);
    const now = this.clock.now();
    const row = Object.assign(new AccountTokenEntity(), {
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
    await manager.insert(AccountTokenEntity, row);
    return { token, row };
  }

  /**
   * What the token grants, marking it used; undefined when it is unknown,
   * used, expired or of another purpose. Call inside a transaction: the row
   * lock makes a concurrent redemption of the same token wait, then find it used.
   */
  async redeem(manager: EntityManager, purpose: AccountTokenPurpose, token: string): Promise<TokenGrant | undefined> {
    const row = await manager
      .createQueryBuilder(AccountTokenEntity, 't')
      .setLock('pessimistic_write')
      .where('t.token_hash = :tokenHash AND t.purpose = :purpose', { tokenHash: hashToken(token), purpose })
      .andWhere('t.used_at IS NULL AND t.expires_at > now()')
      .getOne();
    if (!row) return undefined;
    await manager.update(AccountTokenEntity, { id: row.id }, { usedAt: () => 'now()' });
    return { merchantId: row.merchantId, email: row.email, role: row.role };
  }
}
