import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { ExpiredDriverSessionsPurgeTask } from './driver-sessions/expired-driver-sessions-purge.task';
import { ExpiredKeysPurgeTask } from './idempotency/expired-keys-purge.task';
import { RequestLogsPurgeTask } from './request-logs/request-logs-purge.task';

/** What the gateway runs on its own (docs/background-tasks.md). */
@Module({
  providers: [ExpiredKeysPurgeTask, RequestLogsPurgeTask, ExpiredDriverSessionsPurgeTask, { provide: CLOCK, useValue: systemClock }],
})
export class TasksModule {}
