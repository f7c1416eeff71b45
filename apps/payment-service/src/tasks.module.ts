import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { CheckoutClaimReconciliationTask } from './checkouts/checkout-claim-reconciliation.task';
import { CheckoutExpiryTask } from './checkouts/checkout-expiry.task';
import { CheckoutsModule } from './checkouts/checkouts.module';
import { MoneyMovementTask } from './money-movements/money-movement.task';

/** What payment-service runs on its own (docs/background-tasks.md). */
@Module({
  imports: [CheckoutsModule],
  providers: [CheckoutClaimReconciliationTask, CheckoutExpiryTask, MoneyMovementTask, { provide: CLOCK, useValue: systemClock }],
  // Recording a payment event or a checkout's refund asks the money movement task for a pass at once.
  exports: [MoneyMovementTask],
})
export class TasksModule {}
