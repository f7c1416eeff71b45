import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock, CLOCK, runOutsideRequestContext } from '@sdd/common';
import { APP_CONFIG, MAILER, Mailer, RepeatingTask, withReplicaLock } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { NotificationRepository } from './notification.repository';

const BATCH = 50;
const MAX_ATTEMPTS = 8;

/**
 * Sends the recipient notifications transitions recorded, one replica at a
 * time. A mail server that refuses or is down is tried again with backoff
 * (5 s doubling), up to 8 times, then the notification is marked failed.
 */
@Injectable()
export class NotificationSender implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(NotificationSender.name);
  private readonly task: RepeatingTask<void>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationRepository,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.task = new RepeatingTask('recipient notifications', config.NOTIFY_INTERVAL_MS, () => this.pass(), this.logger);
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  poke(): void {
    void runOutsideRequestContext(() => this.task.runNow());
  }

  private async pass(): Promise<void> {
    await withReplicaLock(this.dataSource, `notifications:${this.dataSource.driver.schema}`, async (manager) => {
      const due = await this.notifications.due(manager, this.clock.now(), BATCH);
      for (const notification of due) {
        const now = this.clock.now();
        try {
          await this.mailer.send({ id: notification.id, to: notification.recipient, subject: notification.subject, text: notification.body });
          await this.notifications.markSent(notification.id, now);
        } catch (error) {
          const attempts = notification.attempts + 1;
          this.logger.warn(`notification ${notification.id} not sent (attempt ${attempts}): ${(error as Error).message}`);
          await this.notifications.markAttemptFailed(notification.id, {
            attempts,
            failed: attempts >= MAX_ATTEMPTS,
            nextAttemptAt: new Date(now.getTime() + 5000 * 2 ** Math.min(attempts - 1, 10)),
          });
        }
      }
    });
  }
}
