import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock, CLOCK, doublingDelayMs } from '@sdd/common';
import { APP_CONFIG, MAILER, Mailer, OneReplicaTask } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { maskEmailsIn } from './masked-email';
import { NotificationRepository } from './notification.repository';

const BATCH = 50;
const MAX_ATTEMPTS = 8;
/** The cap of the doubling wait, in first waits: past the last attempt's wait. */
const RETRY_MAX_FIRST_WAITS = 2 ** 10;

/**
 * Sends the recipient notifications transitions recorded, one replica at a
 * time. A mail server that refuses or is down is tried again with backoff
 * (NOTIFY_RETRY_FIRST_MS, 5 s, doubling), up to 8 times, then the
 * notification is marked failed; an operator may put it back for one more try.
 */
@Injectable()
export class RecipientNotificationTask extends OneReplicaTask {
  constructor(
    dataSource: DataSource,
    private readonly notifications: NotificationRepository,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super({ name: 'recipient notifications', intervalMs: config.NOTIFY_INTERVAL_MS, dataSource, lock: `notifications:${dataSource.driver.schema}` });
  }

  protected async passHoldingLock(manager: EntityManager): Promise<void> {
    const due = await this.notifications.due(manager, this.clock.now(), BATCH);
    for (const notification of due) {
      const now = this.clock.now();
      try {
        await this.mailer.send({ id: notification.id, to: notification.recipient, subject: notification.subject, text: notification.body });
        await this.notifications.markSent(notification.id, now);
      } catch (error) {
        const attempts = notification.attempts + 1;
        const firstMs = this.config.NOTIFY_RETRY_FIRST_MS;
        // The message may quote the recipient's address: masked before it is logged or kept.
        const message = maskEmailsIn((error as Error).message);
        this.logger.warn(`notification ${notification.id} not sent (attempt ${attempts}): ${message}`);
        await this.notifications.markAttemptFailed(notification.id, {
          attempts,
          // An operator's retry gives one more attempt: past MAX_ATTEMPTS, a failure is final at once.
          failed: attempts >= MAX_ATTEMPTS,
          nextAttemptAt: new Date(now.getTime() + doublingDelayMs(attempts - 1, firstMs, firstMs * RETRY_MAX_FIRST_WAITS)),
          error: message,
          now,
        });
      }
    }
  }
}
