import { Inject, Injectable } from '@nestjs/common';
import { EVENT_SUBSCRIBERS } from '@sdd/contracts';
import { measureOnScrape, Metrics } from '@sdd/common';
import { APP_CONFIG, BackgroundTask } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { OutboxRepository, SubscriberLag } from './outbox.repository';

/** Longest pause between two looks at the backlog. */
const REPORT_EVERY_MAX_MS = 10_000;

/**
 * How far behind each subscriber is: the events it has not acknowledged and
 * the age of the oldest. Logged as a warning once the oldest is older than
 * OUTBOX_LAG_WARN_MS (the alert an operator needs: a subscriber down or
 * failing), at debug level otherwise; measured again at each metrics scrape.
 */
@Injectable()
export class OutboxBacklogTask extends BackgroundTask {
  private stopMeasuring: () => void = () => undefined;

  constructor(
    private readonly outbox: OutboxRepository,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
  ) {
    super({ name: 'outbox backlog measurement', intervalMs: Math.min(REPORT_EVERY_MAX_MS, config.OUTBOX_LAG_WARN_MS) });
  }

  override onApplicationBootstrap(): void {
    super.onApplicationBootstrap();
    this.stopMeasuring = measureOnScrape(async () => this.expose(await this.outbox.backlog()));
  }

  override onModuleDestroy(): Promise<void> {
    this.stopMeasuring();
    return super.onModuleDestroy();
  }

  /** Every subscriber has its series, 0 when it has nothing waiting: an alert on the age must see it fall back. */
  private expose(lags: SubscriberLag[]): void {
    for (const subscriber of EVENT_SUBSCRIBERS) {
      const lag = lags.find((found) => found.subscriber === subscriber);
      Metrics.outboxBacklog.set({ subscriber }, lag?.waiting ?? 0);
      Metrics.outboxBacklogAge.set({ subscriber }, (lag?.oldestAgeMs ?? 0) / 1000);
    }
  }

  protected async pass(): Promise<void> {
    const lags = await this.outbox.backlog();
    this.expose(lags);
    for (const lag of lags) {
      const line = `outbox backlog: ${lag.subscriber} has not acknowledged ${lag.waiting} event(s); the oldest is ${lag.oldestAgeMs} ms old`;
      if (lag.oldestAgeMs >= this.config.OUTBOX_LAG_WARN_MS) this.logger.warn(line);
      else this.logger.debug(line);
    }
  }
}
