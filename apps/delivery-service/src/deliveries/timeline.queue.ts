import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createRedis } from '@sdd/common';
import { ServiceQueue } from '@sdd/contracts';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { DeliveryStatus } from '@sdd/contracts';
import { TEST_TIMELINE, timelineJobs, timelineJobsAfter, TimelineSteps } from './test-timeline';

export interface TimelineJob {
  deliveryId: string;
  status: DeliveryStatus;
}

/**
 * Schedules the steps of a test delivery as delayed jobs. Redis (appendonly)
 * keeps them across restarts; when it loses them anyway, the timeline
 * reconciler schedules them again from the delivery's own record.
 */
@Injectable()
export class TimelineQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(TimelineQueue.name);
  private readonly connection: Redis;
  readonly queue: Queue<TimelineJob>;

  constructor(@Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig) {
    this.connection = createRedis(config.REDIS_URL, { maxRetriesPerRequest: 3, connectionName: 'delivery-timeline-producer' });
    this.queue = new Queue<TimelineJob>(ServiceQueue.DeliveryTimeline, { connection: this.connection, prefix: config.BUS_PREFIX });
  }

  async schedule(deliveryId: string, startAt: Date, now: Date, steps: TimelineSteps = TEST_TIMELINE): Promise<void> {
    const jobs = timelineJobs(deliveryId, startAt, now, this.config.TIMELINE_SPEED, steps);
    await this.add(deliveryId, jobs);
    this.logger.debug(`scheduled ${jobs.length} timeline steps for ${deliveryId}`);
  }

  /**
   * Schedules again the steps after `current`, for a delivery whose next step
   * is overdue: its job was lost with Redis data, never added (a crash or a
   * Redis error right after the commit), or parked in the failed set after
   * its attempts. A parked job would block its id, so it is removed first; a
   * job still waiting keeps its place (adding an existing id does nothing).
   * Returns how many steps were parked.
   */
  async reschedule(deliveryId: string, startAt: Date, now: Date, current: DeliveryStatus, steps: TimelineSteps = TEST_TIMELINE): Promise<number> {
    const jobs = timelineJobsAfter(deliveryId, startAt, now, this.config.TIMELINE_SPEED, current, steps);
    let parked = 0;
    for (const { jobId } of jobs) {
      const job = await this.queue.getJob(jobId);
      if (job && (await job.isFailed())) {
        await job.remove();
        parked += 1;
      }
    }
    await this.add(deliveryId, jobs);
    return parked;
  }

  private async add(deliveryId: string, jobs: Array<{ jobId: string; status: DeliveryStatus; delayMs: number }>): Promise<void> {
    await this.queue.addBulk(
      jobs.map(({ jobId, status, delayMs }) => ({
        name: status,
        data: { deliveryId, status },
        opts: { jobId, delay: delayMs, removeOnComplete: true, removeOnFail: { age: 7 * 24 * 3600 }, attempts: 5, backoff: { type: 'exponential', delay: 500 } },
      })),
    );
  }

  /** Last: running handlers (bus, timeline worker) may still schedule steps while they finish. */
  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.connection.quit().catch(() => undefined);
  }
}
