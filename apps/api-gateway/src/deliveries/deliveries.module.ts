import { Module } from '@nestjs/common';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { DeliveriesController, DeliveryTestHelpersController } from './deliveries.controller';

@Module({ controllers: [DeliveriesController, DeliveryTestHelpersController], providers: [IdempotencyService] })
export class DeliveriesModule {}
