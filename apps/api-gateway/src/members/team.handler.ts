import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { ErrorType } from '@sdd/contracts';
import { AppError, newId } from '@sdd/common';
import { APP_CONFIG, MAILER, Mailer } from '@sdd/runtime';
import { InvitationResource, MemberListResource, MemberResource, presentInvitation, presentMember, presentMemberList } from '@sdd/public-api';
import type { GatewayConfig } from '../config';
import { MerchantEntity } from '../merchants/merchant.entity';
import { dashboardLink, invitationMail } from './member-mail';
import { MemberTokens } from './member-tokens';
import { MemberEntity } from './member.entity';
import type { MemberRole } from './member-role';
import { hashPassword } from './password';
import { IssuedSession, SessionIssuer } from './session.issuer';
import { leavesAnOwner, TeamChange } from './team-rules';

function isDuplicateMember(error: unknown): boolean {
  const driverError = error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string }) : undefined;
  return driverError?.code === '23505' && driverError.constraint === 'members_email_key';
}

const memberExists = () => new AppError(409, ErrorType.InvalidRequest, 'member_exists', 'This email is already a member of a team.', 'email');

/** A merchant's team: who is in it, invitations, roles and removal. */
@Injectable()
export class TeamHandler {
  private readonly logger = new Logger(TeamHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly tokens: MemberTokens,
    private readonly issuer: SessionIssuer,
  ) {}

  async list(merchantId: string): Promise<MemberListResource> {
    const members = await this.dataSource.manager.find(MemberEntity, { where: { merchantId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return presentMemberList(members);
  }

  /** Mails an invitation to join the team with `role`; the member exists once it is accepted. */
  async invite(merchantId: string, email: string, role: MemberRole): Promise<InvitationResource> {
    const manager = this.dataSource.manager;
    const taken = await manager.createQueryBuilder(MemberEntity, 'm').where('lower(m.email) = lower(:email)', { email: email.trim() }).getExists();
    if (taken) throw memberExists();
    const merchant = await manager.findOneByOrFail(MerchantEntity, { id: merchantId });
    const { token, row } = await this.tokens.issue(manager, 'invitation', { merchantId, email: email.trim(), role });
    const mail = invitationMail(row.id, row.email, merchant.businessName, role, dashboardLink(this.config.PUBLIC_BASE_URL, 'accept-invitation', token));
    // Off the request's path, like every mail of the system: an SMTP relay's slowness is not the owner's wait.
    this.mailer.send(mail).catch((error: unknown) => this.logger.warn(`Invitation ${row.id} not sent: ${error instanceof Error ? error.message : String(error)}`));
    return presentInvitation({ id: row.id, email: row.email, role, expiresAt: row.expiresAt });
  }

  /** Redeems an invitation: the member is created with its password, and signed in. */
  async accept(token: string, password: string): Promise<IssuedSession> {
    const passwordHash = await hashPassword(password);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const grant = await this.tokens.redeem(manager, 'invitation', token);
        if (!grant?.role) {
          throw new AppError(400, ErrorType.InvalidRequest, 'invitation_invalid', 'This invitation is unknown, used or expired: ask for a new one.', 'token');
        }
        const member = Object.assign(new MemberEntity(), {
          id: newId('mem'),
          merchantId: grant.merchantId,
          email: grant.email,
          role: grant.role,
          passwordHash,
          createdAt: new Date(),
        });
        await manager.insert(MemberEntity, member);
        return this.issuer.issue(manager, member);
      });
    } catch (error) {
      if (isDuplicateMember(error)) throw memberExists();
      throw error;
    }
  }

  async changeRole(merchantId: string, memberId: string, role: MemberRole): Promise<MemberResource> {
    return this.dataSource.transaction(async (manager) => {
      const member = await this.checkedChange(manager, merchantId, { memberId, role });
      await manager.update(MemberEntity, { id: member.id }, { role });
      return presentMember({ ...member, role });
    });
  }

  /** Removes the member; its sessions go with it (ON DELETE CASCADE), so it is signed out everywhere at once. */
  async remove(merchantId: string, memberId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.checkedChange(manager, merchantId, { memberId, role: null });
      await manager.delete(MemberEntity, { id: memberId });
    });
  }

  /** The member the change is about, once the team is locked and the change keeps an owner (409 `last_owner` otherwise). */
  private async checkedChange(manager: EntityManager, merchantId: string, change: TeamChange): Promise<MemberEntity> {
    // Serialises changes to one team, so two owners demoting each other at once cannot leave none.
    await manager.findOne(MerchantEntity, { where: { id: merchantId }, lock: { mode: 'pessimistic_write' } });
    const team = await manager.find(MemberEntity, { where: { merchantId } });
    const member = team.find((candidate) => candidate.id === change.memberId);
    if (!member) throw AppError.notFound('No member with this id in your team.', 'id');
    if (!leavesAnOwner(team, change)) {
      throw new AppError(409, ErrorType.InvalidRequest, 'last_owner', 'The team must keep an owner: make another member owner first.');
    }
    return member;
  }
}
