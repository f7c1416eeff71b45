import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createRedis } from '@sdd/common';
import { ServiceQueue } from '@sdd/contracts';
import { APP_CONFIG } from '@sdd/runtime';
import { WebhookDispatcherConfig } from '../config';
import { Batcher } from './batcher';

/** Ids only: the attempt reads the event and endpoint as they are when it runs. */
export interface AttemptJob {
  eventId: string;
  endpointId: string;
  /** 1 for the first attempt, up to WEBHOOK_MAX_ATTEMPTS. */
  number: number;
  /** The destination's round (recoveries start a new one); absent for the first, as in jobs queued before rounds existed. */
  round?: number;
}

/** One id per attempt: queueing the same attempt twice (an event handed over twice, a job retried) adds nothing. */
export function attemptJobId({ eventId, endpointId, number, round }: AttemptJob): string {
  return round ? `${eventId}.${endpointId}.r${round}.${number}` : `${eventId}.${endpointId}.${number}`;
}

/**
 * Queues attempts, retries as delayed jobs. The job is retried only when the
 * dispatcher itself failed (database or Redis down); a merchant's endpoint
 * failing is recorded and answered by the next scheduled attempt instead.
 */
@Injectable()
export class AttemptQueue implements OnApplicationShutdown {
  private readonly connection: Redis;
  readonly queue: Queue<AttemptJob>;
  private readonly batcher = new Batcher<AttemptJob & { at?: Date }, void>((jobs) => this.addBatch(jobs), { maxSize: 500, maxConcurrent: 2 });

  constructor(@Inject(APP_CONFIG) config: WebhookDispatcherConfig) {
    this.connection = createRedis(config.REDIS_URL, { maxRetriesPerRequest: 3, connectionName: 'webhook-attempts-producer' });
    this.queue = new Queue<AttemptJob>(ServiceQueue.WebhookAttempts, { connection: this.connection, prefix: config.BUS_PREFIX });
  }

  /** Concurrent adds share one round trip to Redis. */
  async add(jobs: ReadonlyArray<AttemptJob & { at?: Date }>): Promise<void> {
    await Promise.all(jobs.map((job) => this.batcher.add(job)));
  }

  private async addBatch(jobs: Array<AttemptJob & { at?: Date }>): Promise<void[]> {
    const now = Date.now();
    await this.queue.addBulk(
      jobs.map(({ at, ...job }) => ({
        name: 'attempt',
        data: job,
        opts: {
          jobId: attemptJobId(job),
          delay: at ? Math.max(0, at.getTime() - now) : 0,
          removeOnComplete: true,
          removeOnFail: { age: 7 * 24 * 3600 },
          attempts: 10,
          backoff: { type: 'exponential', delay: 1000 },
        },
      })),
    );
    return jobs.map(() => undefined);
  }

  /** Last: the bus and the attempt worker finish their running jobs first, and those may queue attempts. */
  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.connection.quit().catch(() => undefined);
  }
}
