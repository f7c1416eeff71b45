import { Module } from '@nestjs/common';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { ProofPhotosModule } from '../proof-photos/proof-photos.module';
import { DeliveriesController, DeliveryTestHelpersController } from './deliveries.controller';

@Module({ imports: [ProofPhotosModule], controllers: [DeliveriesController, DeliveryTestHelpersController], providers: [IdempotencyService] })
export class DeliveriesModule {}
