import { Module } from '@nestjs/common';
import { DriverSessionsModule } from '../driver-sessions/driver-sessions.module';
import { ProofPhotosModule } from '../proof-photos/proof-photos.module';
import { DriverApiController } from './driver-api.controller';

@Module({ imports: [ProofPhotosModule, DriverSessionsModule], controllers: [DriverApiController] })
export class DriverApiModule {}
