import { Module } from '@nestjs/common';
import { DeliveriesController, DeliveryTestHelpersController } from './deliveries.controller';

@Module({ controllers: [DeliveriesController, DeliveryTestHelpersController] })
export class DeliveriesModule {}
