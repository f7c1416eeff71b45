import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { AttemptSweepTask } from './dispatch/attempt-sweep.task';
import { DispatchModule } from './dispatch/dispatch.module';
import { StaleFirstAttemptsTask } from './dispatch/stale-first-attempts.task';
import { EventRetentionPurgeTask } from './events/event-retention-purge.task';

/** What the webhook dispatcher runs on its own (docs/background-tasks.md). */
@Module({
  imports: [DispatchModule],
  providers: [AttemptSweepTask, StaleFirstAttemptsTask, EventRetentionPurgeTask, { provide: CLOCK, useValue: systemClock }],
})
export class TasksModule {}
