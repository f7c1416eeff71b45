import { Module } from '@nestjs/common';
import { DriverTokenGuard } from '../auth/driver-token.guard';
import { ProofPhotosModule } from '../proof-photos/proof-photos.module';
import { DriverApiController } from './driver-api.controller';

@Module({ imports: [ProofPhotosModule], controllers: [DriverApiController], providers: [DriverTokenGuard] })
export class DriverApiModule {}
