import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { DriverCredentialGuard } from './driver-credential.guard';
import { DriverSessionEntity } from './driver-session.entity';
import { DriverSessionAuthenticator } from './driver-session.authenticator';
import { DriverSessionsController } from './driver-sessions.controller';

/** The driver app's sessions, and the guard of the driver API that takes them in place of the driver token. */
@Module({
  imports: [TypeOrmModule.forFeature([DriverSessionEntity])],
  controllers: [DriverSessionsController],
  providers: [DriverSessionAuthenticator, DriverCredentialGuard, { provide: CLOCK, useValue: systemClock }],
  exports: [DriverSessionAuthenticator, DriverCredentialGuard],
})
export class DriverSessionsModule {}
