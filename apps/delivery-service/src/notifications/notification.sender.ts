import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock, CLOCK, runOutsideRequestContext } from '@sdd/common';
import { APP_CONFIG, MAILER, Mailer, RepeatingTask, withReplicaLock } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';

const BATCH = 50;
const MAX_ATTEMPTS = 8;

interface DueNotification {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
}

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
    const table = `"${this.dataSource.driver.schema}".notifications`;
    await withReplicaLock(this.dataSource, `notifications:${this.dataSource.driver.schema}`, async (manager) => {
      const due: DueNotification[] = await manager.query(
        `SELECT id, recipient, subject, body, attempts FROM ${table} WHERE status = 'pending' AND next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT $2`,
        [this.clock.now(), BATCH],
      );
      for (const notification of due) {
        const now = this.clock.now();
        try {
          await this.mailer.send({ id: notification.id, to: notification.recipient, subject: notification.subject, text: notification.body });
          await this.dataSource.query(`UPDATE ${table} SET status = 'sent', sent_at = $2, attempts = attempts + 1 WHERE id = $1`, [notification.id, now]);
        } catch (error) {
          const attempts = notification.attempts + 1;
          this.logger.warn(`notification ${notification.id} not sent (attempt ${attempts}): ${(error as Error).message}`);
          await this.dataSource.query(
            `UPDATE ${table} SET attempts = $2, status = $3, next_attempt_at = $4 WHERE id = $1`,
            [notification.id, attempts, attempts >= MAX_ATTEMPTS ? 'failed' : 'pending', new Date(now.getTime() + 5000 * 2 ** Math.min(attempts - 1, 10))],
          );
        }
      }
    });
  }
}
