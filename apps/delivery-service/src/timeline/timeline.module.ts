import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { LifecycleModule } from '../lifecycle/lifecycle.module';
import { TestTimelineProcessor } from './test-timeline.processor';
import { TestTimelineQueue } from './test-timeline.queue';
import { TestTimelineReconciler } from './test-timeline.reconciler';

/** Test deliveries' simulated timelines: BullMQ delayed jobs, their worker, and the reconciler that schedules again what Redis lost. */
@Module({
  imports: [LifecycleModule],
  providers: [TestTimelineQueue, TestTimelineProcessor, TestTimelineReconciler, { provide: CLOCK, useValue: systemClock }],
  exports: [TestTimelineQueue],
})
export class TimelineModule {}
