import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { countingJobs, createRedis, Metrics } from '@sdd/common';
import { ServiceQueue } from '@sdd/contracts';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { scenarioFailureReason } from './test-timeline';
import { TimelineJob } from './timeline.queue';
import { TransitionDeliveryHandler } from './transition-delivery.handler';

/**
 * Runs each due timeline step through the same transition as everything
 * else. Steps run concurrently and may come due together (after a restart),
 * so a step catches the delivery up through the steps before it; a step the
 * delivery is already past, or that a cancelled delivery refuses, does nothing.
 */
@Injectable()
export class TimelineProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TimelineProcessor.name);
  private worker?: Worker<TimelineJob>;
  private connection?: Redis;

  constructor(
    private readonly transition: TransitionDeliveryHandler,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.connection = createRedis(this.config.REDIS_URL, { maxRetriesPerRequest: null, connectionName: 'delivery-timeline-worker' });
    this.worker = new Worker<TimelineJob>(ServiceQueue.DeliveryTimeline, countingJobs(ServiceQueue.DeliveryTimeline, (job: Job<TimelineJob>) => this.process(job)), {
      connection: this.connection,
      prefix: this.config.BUS_PREFIX,
      concurrency: 50,
    });
    this.worker.on('error', (error) => this.logger.error(`timeline worker: ${error.message}`));
  }

  /** First on shutdown, so running steps finish while the database and queues are still open. */
  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    await this.connection?.quit().catch(() => undefined);
  }

  private async process(job: Job<TimelineJob>): Promise<void> {
    // Retries run late on purpose (backoff): only a step's first run says how late the timeline is.
    if (job.attemptsMade === 0) Metrics.timelineStepLateness.observe(Math.max(0, Date.now() - job.timestamp - (job.opts.delay ?? 0)) / 1000);
    const result = await this.transition.execute(job.data.deliveryId, job.data.status, undefined, true, (delivery) =>
      job.data.status === 'failed' || job.data.status === 'returned' ? { failureReason: scenarioFailureReason(delivery.testScenario) } : {},
    );
    if (!result.moved) this.logger.debug(`${job.data.deliveryId} stays ${result.from}: step ${job.data.status} skipped`);
  }
}
