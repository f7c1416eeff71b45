import { Module } from '@nestjs/common';
import { LifecycleModule } from '../lifecycle/lifecycle.module';
import { TestTimelineProcessor } from './test-timeline.processor';
import { TestTimelineQueue } from './test-timeline.queue';

/** Test deliveries' simulated timelines: BullMQ delayed jobs and their worker (TimelineReconciliationTask schedules again what Redis lost). */
@Module({
  imports: [LifecycleModule],
  providers: [TestTimelineQueue, TestTimelineProcessor],
  exports: [TestTimelineQueue, TestTimelineProcessor],
})
export class TimelineModule {}
