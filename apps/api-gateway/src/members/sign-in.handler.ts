import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { APP_CONFIG, MAILER, Mailer } from '@sdd/runtime';
import type { GatewayConfig } from '../config';
import { dashboardLink, signInLinkMail } from './member-mail';
import { MemberTokens } from './member-tokens';
import { MemberEntity } from './member.entity';
import { UNKNOWN_MEMBER_HASH, verifyPassword } from './password';
import { IssuedSession, SessionIssuer } from './session.issuer';
import { SignInThrottle } from './sign-in.throttle';

/** One answer for an unknown email, a wrong password and a bad link: the API does not tell which emails are members'. */
export function signInFailed(): AppError {
  return new AppError(401, ErrorType.Authentication, 'sign_in_failed', 'The email or password is wrong, or the sign-in link is unknown, used or expired.');
}

/** Signs a member in: with email and password, or with an emailed one-use link. */
@Injectable()
export class SignInHandler {
  private readonly logger = new Logger(SignInHandler.name);

  constructor(
    @InjectRepository(MemberEntity) private readonly members: Repository<MemberEntity>,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly throttle: SignInThrottle,
    private readonly issuer: SessionIssuer,
    private readonly tokens: MemberTokens,
  ) {}

  async withPassword(email: string, password: string, clientIp: string): Promise<IssuedSession> {
    await this.throttle.admit({ ip: clientIp, email });
    const member = await this.memberByEmail(email);
    // An unknown email (or a member without a password) is checked against a made-up hash: it takes as long as a wrong password.
    const matches = await verifyPassword(password, member?.passwordHash ?? (await UNKNOWN_MEMBER_HASH));
    if (!member?.passwordHash || !matches) throw signInFailed();
    return this.issuer.issue(this.members.manager, member);
  }

  async withLink(linkToken: string, clientIp: string): Promise<IssuedSession> {
    await this.throttle.admit({ ip: clientIp });
    return this.members.manager.transaction(async (manager) => {
      const grant = await this.tokens.redeem(manager, 'sign_in', linkToken);
      const member = grant ? await manager.findOneBy(MemberEntity, { merchantId: grant.merchantId, email: grant.email }) : null;
      if (!member) throw signInFailed();
      return this.issuer.issue(manager, member);
    });
  }

  /**
   * Mails a sign-in link when the email names a member; the answer is the
   * same either way, and the mail goes out after it, so neither the answer
   * nor its timing tells whether the email is a member's.
   */
  async sendLink(email: string, clientIp: string): Promise<void> {
    await this.throttle.admit({ ip: clientIp, email });
    const member = await this.memberByEmail(email);
    if (member) void this.mailLink(member);
  }

  private async mailLink(member: MemberEntity): Promise<void> {
    try {
      const { token, row } = await this.tokens.issue(this.members.manager, 'sign_in', { merchantId: member.merchantId, email: member.email, role: null });
      await this.mailer.send(signInLinkMail(row.id, member.email, dashboardLink(this.config.PUBLIC_BASE_URL, 'sign-in', token)));
    } catch (error) {
      // The member's id, never the address: no personal data in logs.
      this.logger.warn(`Sign-in link for ${member.id} not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private memberByEmail(email: string): Promise<MemberEntity | null> {
    return this.members.createQueryBuilder('m').where('lower(m.email) = lower(:email)', { email: email.trim() }).getOne();
  }
}
