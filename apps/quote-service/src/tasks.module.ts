import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { ClaimReconciliationTask } from './quotes/claim-reconciliation.task';

/** What quote-service runs on its own (docs/background-tasks.md). */
@Module({
  providers: [ClaimReconciliationTask, { provide: CLOCK, useValue: systemClock }],
})
export class TasksModule {}
