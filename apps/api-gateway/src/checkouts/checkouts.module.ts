import { Module } from '@nestjs/common';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { CheckoutsController, CheckoutTestHelpersController } from './checkouts.controller';

@Module({ controllers: [CheckoutsController, CheckoutTestHelpersController], providers: [IdempotencyService] })
export class CheckoutsModule {}
