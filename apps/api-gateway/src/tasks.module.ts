import { Module } from '@nestjs/common';
import { ExpiredKeysPurgeTask } from './idempotency/expired-keys-purge.task';

/** What the gateway runs on its own (docs/background-tasks.md). */
@Module({
  providers: [ExpiredKeysPurgeTask],
})
export class TasksModule {}
