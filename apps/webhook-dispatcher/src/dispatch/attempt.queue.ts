import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { JobsOptions, Queue, UnrecoverableError } from 'bullmq';
import { Batcher, createRedis, DoublingBackoff, doublingDelayMs, RedisConnection } from '@sdd/common';
import { ServiceQueue } from '@sdd/contracts';
import { APP_CONFIG } from '@sdd/runtime';
import { WebhookDispatcherConfig } from '../config';

/** Ids only: the attempt reads the event and endpoint as they are when it runs. */
export interface AttemptJob {
  eventId: string;
  endpointId: string;
  /** 1 for the first attempt, up to WEBHOOK_MAX_ATTEMPTS. */
  number: number;
  /** The destination's round (recoveries start a new one); absent for the first, as in jobs queued before rounds existed. */
  round?: number;
}

/**
 * A job runs one attempt (a retry, a recovery, one the replica had no room
 * for), or covers the first attempts of a batch of events, which the replica
 * that stored them makes at once itself: due later, it makes whichever of
 * them that replica died before recording.
 */
export type AttemptQueueJob = AttemptJob | { covers: AttemptJob[] };

const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 100;
const isCount = (value: unknown, min: number): value is number => Number.isInteger(value) && (value as number) >= min;

function checkAttempt(value: unknown): AttemptJob {
  const job = (value ?? {}) as Record<string, unknown>;
  if (!isId(job.eventId) || !isId(job.endpointId) || !isCount(job.number, 1) || !(job.round === undefined || isCount(job.round, 0))) {
    throw new UnrecoverableError(`not an attempt job: ${JSON.stringify(value)?.slice(0, 200)}`);
  }
  return { eventId: job.eventId, endpointId: job.endpointId, number: job.number, ...(job.round === undefined ? {} : { round: job.round }) };
}

/** The attempts a job's data names, checked, and whether it is a cover: a malformed job fails for good rather than being retried. */
export function readAttemptJob(data: unknown): { attempts: AttemptJob[]; cover: boolean } {
  const covers = (data as { covers?: unknown } | null)?.covers;
  if (covers === undefined) return { attempts: [checkAttempt(data)], cover: false };
  if (!Array.isArray(covers) || covers.length === 0) throw new UnrecoverableError('a cover job names no attempts');
  return { attempts: covers.map(checkAttempt), cover: true };
}

/** One id per attempt: queueing the same attempt twice (an event handed over twice, a job retried) adds nothing. */
export function attemptJobId({ eventId, endpointId, number, round }: AttemptJob): string {
  return round ? `${eventId}.${endpointId}.r${round}.${number}` : `${eventId}.${endpointId}.${number}`;
}

/** A job's delay to come due at `at` (at once when none or past). */
const delayUntil = (at: Date | undefined): number => (at ? Math.max(0, at.getTime() - Date.now()) : 0);

const JOB_ATTEMPTS = 10;
/** A job the dispatcher itself failed is run again after 1 s, doubling: its ten runs span about eight minutes. */
const JOB_RETRY: DoublingBackoff = { firstMs: 1_000, maxMs: 2 ** (JOB_ATTEMPTS - 2) * 1_000 };

/**
 * The worker's named backoff strategy (BullMQ's `settings.backoffStrategy`):
 * the wait before a job's next run after `attemptsMade` runs failed.
 * Jobs queued with BullMQ's own `exponential` type before it keep that curve, the same one.
 */
export const ATTEMPT_JOB_BACKOFF = {
  type: 'doubling',
  delayMs: (attemptsMade: number): number => doublingDelayMs(attemptsMade - 1, JOB_RETRY.firstMs, JOB_RETRY.maxMs),
};

/** Retried only when the dispatcher itself failed; a finished job leaves nothing behind, a failed one stays a week to be looked at. */
const JOB_OPTIONS: JobsOptions = {
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
  attempts: JOB_ATTEMPTS,
  backoff: { type: ATTEMPT_JOB_BACKOFF.type },
};

/**
 * Queues attempts, retries as delayed jobs. The job is retried only when the
 * dispatcher itself failed (database or Redis down); a merchant's endpoint
 * failing is recorded and answered by the next scheduled attempt instead.
 */
@Injectable()
export class AttemptQueue implements OnApplicationShutdown {
  private readonly connection: RedisConnection;
  readonly queue: Queue<AttemptQueueJob>;
  private readonly batcher = new Batcher<{ name: string; data: AttemptQueueJob; opts: JobsOptions }, void>((jobs) => this.addBatch(jobs), {
    maxSize: 500,
    maxConcurrent: 2,
  });

  constructor(@Inject(APP_CONFIG) config: WebhookDispatcherConfig) {
    this.connection = createRedis(config.REDIS_URL, { maxRetriesPerRequest: 3, connectionName: 'webhook-attempts-producer' });
    this.queue = new Queue<AttemptQueueJob>(ServiceQueue.WebhookAttempts, { connection: this.connection, prefix: config.BUS_PREFIX });
  }

  /** Concurrent adds share one round trip to Redis. */
  async add(jobs: ReadonlyArray<AttemptJob & { at?: Date }>): Promise<void> {
    await Promise.all(jobs.map(({ at, ...job }) => this.batcher.add({ name: 'attempt', data: job, opts: { ...JOB_OPTIONS, jobId: attemptJobId(job), delay: delayUntil(at) } })));
  }

  /** One job due at `at` that makes whichever of these attempts is still unmade then. */
  async cover(attempts: AttemptJob[], at: Date): Promise<void> {
    if (attempts.length === 0) return;
    await this.batcher.add({ name: 'cover', data: { covers: attempts }, opts: { ...JOB_OPTIONS, delay: delayUntil(at) } });
  }

  private async addBatch(jobs: Array<{ name: string; data: AttemptQueueJob; opts: JobsOptions }>): Promise<void[]> {
    await this.queue.addBulk(jobs);
    return jobs.map(() => undefined);
  }

  /** Last: the bus and the attempt worker finish their running jobs first, and those may queue attempts. */
  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.connection.quit().catch(() => undefined);
  }
}
