import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EVENT_SUBSCRIBERS } from '@sdd/contracts';
import { measureOnScrape, Metrics } from '@sdd/common';
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
 * failing), at debug level otherwise; measured again at each metrics scrape.
 */
@Injectable()
export class OutboxLagReporter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxLagReporter.name);
  private readonly task: RepeatingTask<void>;
  private stopMeasuring: () => void = () => undefined;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
  ) {
    const every = Math.min(REPORT_EVERY_MAX_MS, config.OUTBOX_LAG_WARN_MS);
    this.task = new RepeatingTask('outbox backlog measurement', every, () => this.report(), this.logger);
  }

  onApplicationBootstrap(): void {
    this.task.start();
    this.stopMeasuring = measureOnScrape(async () => this.expose(await this.measure()));
  }

  onApplicationShutdown(): Promise<void> {
    this.stopMeasuring();
    return this.task.stop();
  }

  /** Every subscriber has its series, 0 when it has nothing waiting: an alert on the age must see it fall back. */
  private expose(lags: SubscriberLag[]): void {
    for (const subscriber of EVENT_SUBSCRIBERS) {
      const lag = lags.find((found) => found.subscriber === subscriber);
      Metrics.outboxBacklog.set({ subscriber }, lag?.waiting ?? 0);
      Metrics.outboxBacklogAge.set({ subscriber }, (lag?.oldestAgeMs ?? 0) / 1000);
    }
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
    const lags = await this.measure();
    this.expose(lags);
    for (const lag of lags) {
      const line = `outbox backlog: ${lag.subscriber} has not acknowledged ${lag.waiting} event(s); the oldest is ${lag.oldestAgeMs} ms old`;
      if (lag.oldestAgeMs >= this.config.OUTBOX_LAG_WARN_MS) this.logger.warn(line);
      else this.logger.debug(line);
    }
  }
}
