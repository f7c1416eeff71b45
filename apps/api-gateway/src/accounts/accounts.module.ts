import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { MerchantEntity } from '../merchants/merchant.entity';
import { AccountTokenEntity } from './account-token.entity';
import { DashboardSessionEntity } from './dashboard-session.entity';
import { MemberEntity } from './member.entity';
import { SessionIssuer } from './session.issuer';
import { SessionsController } from './sessions.controller';
import { SignInHandler } from './sign-in.handler';
import { SignInThrottle } from './sign-in.throttle';

/** The dashboard's accounts: members, sessions, sign-in links and invitations (the session authenticator is in AuthModule). */
@Module({
  imports: [TypeOrmModule.forFeature([MemberEntity, DashboardSessionEntity, AccountTokenEntity, MerchantEntity])],
  controllers: [SessionsController],
  providers: [SignInHandler, SignInThrottle, SessionIssuer, { provide: CLOCK, useValue: systemClock }],
})
export class AccountsModule {}
