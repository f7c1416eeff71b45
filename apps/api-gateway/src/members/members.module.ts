import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { APP_CONFIG, MAILER, mailerFor } from '@sdd/runtime';
import type { GatewayConfig } from '../config';
import { MerchantEntity } from '../merchants/merchant.entity';
import { MemberTokenEntity } from './member-token.entity';
import { DashboardSessionEntity } from './dashboard-session.entity';
import { MemberEntity } from './member.entity';
import { MemberTokens } from './member-tokens';
import { MembersController } from './members.controller';
import { SessionIssuer } from './session.issuer';
import { TeamHandler } from './team.handler';
import { SessionsController } from './sessions.controller';
import { SignInHandler } from './sign-in.handler';
import { SignInThrottle } from './sign-in.throttle';

/** A merchant's people: members, their dashboard sessions, sign-in links and invitations (the session authenticator is in AuthModule). */
@Module({
  imports: [TypeOrmModule.forFeature([MemberEntity, DashboardSessionEntity, MemberTokenEntity, MerchantEntity])],
  controllers: [SessionsController, MembersController],
  providers: [
    SignInHandler,
    SignInThrottle,
    SessionIssuer,
    MemberTokens,
    TeamHandler,
    { provide: CLOCK, useValue: systemClock },
    { provide: MAILER, inject: [APP_CONFIG], useFactory: (config: GatewayConfig) => mailerFor(config) },
  ],
})
export class MembersModule {}
