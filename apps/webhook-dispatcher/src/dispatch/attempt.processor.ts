import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { countingJobs, createRedis, RedisConnection } from '@sdd/common';
import { ServiceQueue } from '@sdd/contracts';
import { STALLED_CHECK_MS, WORKER_LOCK_MS } from '@sdd/bus';
import { APP_CONFIG } from '@sdd/runtime';
import { WebhookDispatcherConfig } from '../config';
import { ATTEMPT_SLOTS, AttemptSlots } from './attempt-slots';
import { ATTEMPT_JOB_BACKOFF, AttemptQueueJob, readAttemptJob } from './attempt.queue';
import { FirstAttemptRunner } from './first-attempt.runner';
import { MakeScheduledAttemptHandler } from './make-scheduled-attempt.handler';
import { MessageSendRepository } from './message-send.repository';

/**
 * Runs due attempts; replicas share the queue, and BullMQ gives each job to
 * one of them at a time. A cover job makes only those of its attempts still
 * unmade, and fails, to be retried, if any of them failed: those recorded
 * meanwhile are not made again. No job makes an attempt that already waits
 * or runs in this replica (FirstAttemptRunner.runUnlessHeld).
 */
@Injectable()
export class AttemptProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AttemptProcessor.name);
  private worker?: Worker<AttemptQueueJob>;
  private connection?: RedisConnection;

  constructor(
    private readonly handler: MakeScheduledAttemptHandler,
    private readonly messages: MessageSendRepository,
    private readonly firstAttempts: FirstAttemptRunner,
    @Inject(ATTEMPT_SLOTS) private readonly slots: AttemptSlots,
    @Inject(APP_CONFIG) private readonly config: WebhookDispatcherConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.connection = createRedis(this.config.REDIS_URL, { maxRetriesPerRequest: null, connectionName: 'webhook-attempts-worker' });
    this.worker = new Worker<AttemptQueueJob>(
      ServiceQueue.WebhookAttempts,
      countingJobs(ServiceQueue.WebhookAttempts, (job: Job<AttemptQueueJob>) => this.run(job)),
      {
        connection: this.connection,
        prefix: this.config.BUS_PREFIX,
        concurrency: this.config.WEBHOOK_CONCURRENCY,
        lockDuration: WORKER_LOCK_MS,
        stalledInterval: STALLED_CHECK_MS,
        settings: { backoffStrategy: ATTEMPT_JOB_BACKOFF.delayMs },
      },
    );
    this.worker.on('error', (error) => this.logger.error(`attempt worker: ${error.message}`));
    this.worker.on('failed', (job, error) => this.logger.warn(`attempt ${job?.id} failed (will retry): ${error.message}`));
  }

  private async run(job: Job<AttemptQueueJob>): Promise<void> {
    const read = readAttemptJob(job.data);
    const attempts = read.cover ? await this.messages.unmade(read.attempts) : read.attempts;
    const outcomes = await Promise.allSettled(attempts.map((attempt) => this.firstAttempts.runUnlessHeld(attempt, () => this.slots.run(() => this.handler.execute(attempt)))));
    const failed = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (attempts.length === 1 && failed.length === 1) throw failed[0].reason;
    if (failed.length > 0) throw new Error(`${failed.length} of ${attempts.length} attempts failed: ${(failed[0].reason as Error).message}`);
  }

  /** First on shutdown: running attempts finish (and are recorded) while the queue and the HTTP agent are still open. */
  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    await this.connection?.quit().catch(() => undefined);
  }
}
