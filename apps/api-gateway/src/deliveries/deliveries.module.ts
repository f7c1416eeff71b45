import { Module } from '@nestjs/common';
import { ExpiredKeysPurger } from '../idempotency/expired-keys.purger';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { DeliveriesController, DeliveryTestHelpersController } from './deliveries.controller';

@Module({ controllers: [DeliveriesController, DeliveryTestHelpersController], providers: [IdempotencyService, ExpiredKeysPurger] })
export class DeliveriesModule {}
