import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { countingJobs, createRedis } from '@sdd/common';
import { ServiceQueue } from '@sdd/contracts';
import { STALLED_CHECK_MS, WORKER_LOCK_MS } from '@sdd/bus';
import { APP_CONFIG } from '@sdd/runtime';
import { WebhookDispatcherConfig } from '../config';
import { AttemptJob } from './attempt.queue';
import { MakeScheduledAttemptHandler } from './make-scheduled-attempt.handler';

/** Runs due attempts; replicas share the queue, and BullMQ gives each job to one of them at a time. */
@Injectable()
export class AttemptProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AttemptProcessor.name);
  private worker?: Worker<AttemptJob>;
  private connection?: Redis;

  constructor(
    private readonly handler: MakeScheduledAttemptHandler,
    @Inject(APP_CONFIG) private readonly config: WebhookDispatcherConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.connection = createRedis(this.config.REDIS_URL, { maxRetriesPerRequest: null, connectionName: 'webhook-attempts-worker' });
    this.worker = new Worker<AttemptJob>(ServiceQueue.WebhookAttempts, countingJobs(ServiceQueue.WebhookAttempts, (job: Job<AttemptJob>) => this.handler.execute(job.data)), {
      connection: this.connection,
      prefix: this.config.BUS_PREFIX,
      concurrency: this.config.WEBHOOK_CONCURRENCY,
      lockDuration: WORKER_LOCK_MS,
      stalledInterval: STALLED_CHECK_MS,
    });
    this.worker.on('error', (error) => this.logger.error(`attempt worker: ${error.message}`));
    this.worker.on('failed', (job, error) => this.logger.warn(`attempt ${job?.id} failed (will retry): ${error.message}`));
  }

  /** First on shutdown: running attempts finish (and are recorded) while the queue and the HTTP agent are still open. */
  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    await this.connection?.quit().catch(() => undefined);
  }
}
