import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ListenerGuard } from '../http/listener.guard';
import { ApiKeyEntity } from '../merchants/api-key.entity';
import { DashboardSessionEntity } from '../members/dashboard-session.entity';
import { SessionAuthenticator } from '../members/session.authenticator';
import { MemberEntity } from '../members/member.entity';
import { CallerAuthenticator } from './caller.authenticator';
import { ApiKeyAuthenticator } from './api-key.authenticator';
import { ApiKeyGuard } from './api-key.guard';
import { ApiKeyInvalidations } from './api-key-invalidations';

/** Guards run in this order: the listener check (404 for the wrong port) comes before the key check (401). */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ApiKeyEntity, DashboardSessionEntity, MemberEntity])],
  providers: [
    ApiKeyAuthenticator,
    ApiKeyInvalidations,
    SessionAuthenticator,
    CallerAuthenticator,
    { provide: APP_GUARD, useClass: ListenerGuard },
    { provide: APP_GUARD, useClass: ApiKeyGuard },
  ],
  exports: [ApiKeyAuthenticator, ApiKeyInvalidations, CallerAuthenticator],
})
export class AuthModule {}
