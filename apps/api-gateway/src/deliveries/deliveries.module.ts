import { Module } from '@nestjs/common';
import { ExpiredKeysPurger } from '../idempotency/expired-keys.purger';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { ProofPhotosModule } from '../proof-photos/proof-photos.module';
import { DeliveriesController, DeliveryTestHelpersController } from './deliveries.controller';

@Module({ imports: [ProofPhotosModule], controllers: [DeliveriesController, DeliveryTestHelpersController], providers: [IdempotencyService, ExpiredKeysPurger] })
export class DeliveriesModule {}
