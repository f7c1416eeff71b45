import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { OpsTokenGuard } from '../auth/ops-token.guard';
import { OpsCredentialGuard } from './ops-credential.guard';
import { OpsSessionEntity } from './ops-session.entity';
import { OpsSessionAuthenticator } from './ops-session.authenticator';
import { OpsSessionsController } from './ops-sessions.controller';

/** The operator console's sessions, and the guard of the operator API that takes them in place of the operator token. */
@Module({
  imports: [TypeOrmModule.forFeature([OpsSessionEntity])],
  controllers: [OpsSessionsController],
  providers: [OpsSessionAuthenticator, OpsCredentialGuard, OpsTokenGuard, { provide: CLOCK, useValue: systemClock }],
  exports: [OpsSessionAuthenticator, OpsCredentialGuard, OpsTokenGuard],
})
export class OpsSessionsModule {}
