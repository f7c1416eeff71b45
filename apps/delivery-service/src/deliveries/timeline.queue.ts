import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { ServiceQueue } from '@sdd/contracts';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { DeliveryStatus } from './delivery-status';
import { timelineJobs } from './test-timeline';

export interface TimelineJob {
  deliveryId: string;
  status: DeliveryStatus;
}

/** Schedules the steps of a test delivery as delayed jobs; Redis (appendonly) keeps them across restarts. */
@Injectable()
export class TimelineQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(TimelineQueue.name);
  private readonly connection: Redis;
  readonly queue: Queue<TimelineJob>;

  constructor(@Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig) {
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3, connectionName: 'delivery-timeline-producer' });
    this.queue = new Queue<TimelineJob>(ServiceQueue.DeliveryTimeline, { connection: this.connection, prefix: config.BUS_PREFIX });
  }

  async schedule(deliveryId: string, startAt: Date, now: Date): Promise<void> {
    const jobs = timelineJobs(deliveryId, startAt, now, this.config.TIMELINE_SPEED);
    await this.queue.addBulk(
      jobs.map(({ jobId, status, delayMs }) => ({
        name: status,
        data: { deliveryId, status },
        opts: { jobId, delay: delayMs, removeOnComplete: true, removeOnFail: { age: 7 * 24 * 3600 }, attempts: 5, backoff: { type: 'exponential', delay: 500 } },
      })),
    );
    this.logger.debug(`scheduled ${jobs.length} timeline steps for ${deliveryId}`);
  }

  /** Last: running handlers (bus, timeline worker) may still schedule steps while they finish. */
  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.connection.quit().catch(() => undefined);
  }
}
