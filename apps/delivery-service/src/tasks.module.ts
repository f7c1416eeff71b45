import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { APP_CONFIG, MAILER, mailerFor } from '@sdd/runtime';
import { DeliveryServiceConfig } from './config';
import { LifecycleModule } from './lifecycle/lifecycle.module';
import { DriverMatchingTask } from './matching/driver-matching.task';
import { NotificationsModule } from './notifications/notifications.module';
import { RecipientNotificationTask } from './notifications/recipient-notification.task';
import { OutboxBacklogTask } from './outbox/outbox-backlog.task';
import { OutboxModule } from './outbox/outbox.module';
import { OutboxRelayTask } from './outbox/outbox-relay.task';
import { RetentionPurgeTask } from './retention/retention-purge.task';
import { TimelineModule } from './timeline/timeline.module';
import { TimelineReconciliationTask } from './timeline/timeline-reconciliation.task';
import { TimelineWatchdogTask } from './timeline/timeline-watchdog.task';

/** What delivery-service runs on its own (docs/background-tasks.md). */
@Module({
  imports: [LifecycleModule, NotificationsModule, OutboxModule, TimelineModule],
  providers: [
    DriverMatchingTask,
    OutboxRelayTask,
    OutboxBacklogTask,
    RecipientNotificationTask,
    RetentionPurgeTask,
    TimelineReconciliationTask,
    TimelineWatchdogTask,
    { provide: MAILER, inject: [APP_CONFIG], useFactory: (config: DeliveryServiceConfig) => mailerFor(config) },
    { provide: CLOCK, useValue: systemClock },
  ],
  // A delivery waiting, a driver coming online or an offer declined asks matching for a pass at once.
  exports: [DriverMatchingTask],
})
export class TasksModule {}
