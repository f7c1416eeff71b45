import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { MemberEntity } from './member.entity';
import { UNKNOWN_MEMBER_HASH, verifyPassword } from './password';
import { IssuedSession, SessionIssuer } from './session.issuer';
import { SignInThrottle } from './sign-in.throttle';

/** One answer for an unknown email and a wrong password: the API does not tell which emails have accounts. */
export function signInFailed(): AppError {
  return new AppError(401, ErrorType.Authentication, 'sign_in_failed', 'The email or password is wrong.');
}

/** Signs a member in with email and password. */
@Injectable()
export class SignInHandler {
  constructor(
    @InjectRepository(MemberEntity) private readonly members: Repository<MemberEntity>,
    private readonly throttle: SignInThrottle,
    private readonly issuer: SessionIssuer,
  ) {}

  async withPassword(email: string, password: string, clientIp: string): Promise<IssuedSession> {
    await this.throttle.admit(email, clientIp);
    const member = await this.members.createQueryBuilder('m').where('lower(m.email) = lower(:email)', { email: email.trim() }).getOne();
    // An unknown email (or a member without a password) is checked against a made-up hash: it takes as long as a wrong password.
    const matches = await verifyPassword(password, member?.passwordHash ?? (await UNKNOWN_MEMBER_HASH));
    if (!member?.passwordHash || !matches) throw signInFailed();
    return this.issuer.issue(this.members.manager, member);
  }
}
