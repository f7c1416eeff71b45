import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, RepeatingTask } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';

/** Longest pause between two looks at the backlog. */
const REPORT_EVERY_MAX_MS = 10_000;

export interface SubscriberLag {
  subscriber: string;
  waiting: number;
  oldestAgeMs: number;
}

/**
 * How far behind each subscriber is: the events it has not acknowledged and
 * the age of the oldest. Logged as a warning once the oldest is older than
 * OUTBOX_LAG_WARN_MS (the alert an operator needs: a subscriber down or
 * failing), at debug level otherwise; `latest` is there for a metric.
 */
@Injectable()
export class OutboxLagReporter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxLagReporter.name);
  private readonly task: RepeatingTask<void>;
  latest: SubscriberLag[] = [];

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
  ) {
    const every = Math.min(REPORT_EVERY_MAX_MS, config.OUTBOX_LAG_WARN_MS);
    this.task = new RepeatingTask('outbox backlog measurement', every, () => this.report(), this.logger);
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  async measure(): Promise<SubscriberLag[]> {
    const rows: Array<{ subscriber: string; waiting: number; oldest_age_ms: number }> = await this.dataSource.query(
      `SELECT subscriber, count(*)::int AS waiting,
              (extract(epoch FROM now() - min(created_at)) * 1000)::float8 AS oldest_age_ms
       FROM "${this.dataSource.driver.schema}".outbox_handoffs
       WHERE acknowledged_at IS NULL
       GROUP BY subscriber`,
    );
    return rows.map((row) => ({ subscriber: row.subscriber, waiting: row.waiting, oldestAgeMs: Math.max(0, Math.round(row.oldest_age_ms)) }));
  }

  private async report(): Promise<void> {
    this.latest = await this.measure();
    for (const lag of this.latest) {
      const line = `outbox backlog: ${lag.subscriber} has not acknowledged ${lag.waiting} event(s); the oldest is ${lag.oldestAgeMs} ms old`;
      if (lag.oldestAgeMs >= this.config.OUTBOX_LAG_WARN_MS) this.logger.warn(line);
      else this.logger.debug(line);
    }
  }
}
