import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { JobsOptions, Queue } from 'bullmq';
import { Batcher, createRedis, measureOnScrape, Metrics, RedisConnection } from '@sdd/common';
import { DeliveryStatus, ServiceQueue } from '@sdd/contracts';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { stepDelays, stepDelaysAfter, TEST_TIMELINE, TimelineSteps } from '../lifecycle/test-timeline';
import { groupTimelineJobs, MAX_DELIVERIES_PER_JOB, readTimelineJob, TimelineJob, timelineJobId, timelineJobOf } from './timeline-job';

/** The timeline's backlog at one instant. */
export interface TimelineBacklog {
  /** Deliveries whose next step's time has come that no worker holds. */
  due: number;
  /** Deliveries whose next step is later, and those a worker is running. */
  scheduled: number;
  /** How long the oldest due step has waited; 0 when none is due. */
  oldestDueAgeMs: number;
}

/**
 * A job finished leaves nothing behind. One whose steps ran but whose
 * hand-on failed (Redis went away in between) runs again a second later, as
 * long as it fails: its steps find their deliveries already there and hand
 * on again. A malformed job fails for good, and is removed too.
 */
const JOB_OPTIONS: JobsOptions = { removeOnComplete: true, removeOnFail: true, attempts: Number.MAX_SAFE_INTEGER, backoff: { type: 'fixed', delay: 1000 } };

/** A job to add: due at its first step, or at `notBefore` when later (a step that failed runs again then). */
interface Handed {
  job: TimelineJob;
  notBefore?: number;
}

/** BullMQ scores a delayed job by its due time in ms times this (the low bits order jobs due in the same ms). */
const DELAYED_SCORE_PER_MS = 0x1000;

/**
 * Test deliveries' simulated timelines as BullMQ delayed jobs: a job comes
 * due at its deliveries' next step, and once that step ran, hands the steps
 * after it to a new job (TestTimelineProcessor). Jobs added within
 * TIMELINE_GROUP_WINDOW_MS of each other go in one round trip, and those on
 * one schedule (deliveries created or moved on together) as one job
 * (groupTimelineJobs). A job's id is its deliveries' and its step's, so
 * adding a step that has its job already adds nothing and a reschedule keeps
 * a step's time. Redis (appendonly) keeps them across restarts; when it loses
 * them anyway, the timeline reconciler schedules them again from the
 * delivery's own record.
 */
@Injectable()
export class TestTimelineQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly connection: RedisConnection;
  readonly queue: Queue<TimelineJob>;
  private readonly adds: Batcher<Handed, void>;
  private stopMeasuring: () => void = () => undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig) {
    this.connection = createRedis(config.REDIS_URL, { maxRetriesPerRequest: 3, connectionName: 'delivery-timeline-producer' });
    this.queue = new Queue<TimelineJob>(ServiceQueue.DeliveryTimeline, { connection: this.connection, prefix: config.BUS_PREFIX });
    this.adds = new Batcher((handed) => this.addBatch(handed), { maxSize: MAX_DELIVERIES_PER_JOB, maxConcurrent: 2, lingerMs: config.TIMELINE_GROUP_WINDOW_MS });
  }

  async schedule(deliveryId: string, startAt: Date, now: Date, steps: TimelineSteps = TEST_TIMELINE): Promise<void> {
    await this.add(deliveryId, now, stepDelays(startAt, now, this.config.TIMELINE_SPEED, steps));
  }

  /**
   * Schedules again the steps after `current`, for a delivery whose next step
   * is overdue: lost with Redis data, or never added (a crash or a Redis
   * error right after the commit). A job still there keeps its steps and times.
   */
  async reschedule(deliveryId: string, startAt: Date, now: Date, current: DeliveryStatus, steps: TimelineSteps = TEST_TIMELINE): Promise<void> {
    await this.add(deliveryId, now, stepDelaysAfter(startAt, now, this.config.TIMELINE_SPEED, current, steps));
  }

  /**
   * Hands the steps of `job` to their own job, due at the first of them (or
   * at `notBefore`, to run a failed step again): what follows a step that ran.
   */
  async hand(job: TimelineJob, notBefore?: number): Promise<void> {
    await this.adds.add({ job, notBefore });
  }

  /** One round trip (two when a job waits). A due job BullMQ has not yet moved to waiting (no worker asked since) counts as due. */
  async backlog(now: number): Promise<TimelineBacklog> {
    const { delayed, wait, active } = this.queue.keys;
    const replies = await this.connection
      .multi()
      .zcount(delayed, 0, (now + 1) * DELAYED_SCORE_PER_MS - 1)
      .zcard(delayed)
      .llen(wait)
      .llen(active)
      .zrange(delayed, 0, 0, 'WITHSCORES')
      .lindex(wait, -1)
      .exec();
    const [dueDelayed, allDelayed, waiting, running, first, oldestWaiting] = (replies ?? []).map(([error, value]) => {
      if (error) throw error;
      return value;
    }) as [number, number, number, number, string[], string | null];
    const dueAts: number[] = [];
    if (first.length === 2 && Number(first[1]) < (now + 1) * DELAYED_SCORE_PER_MS) dueAts.push(Math.floor(Number(first[1]) / DELAYED_SCORE_PER_MS));
    if (oldestWaiting !== null) {
      const since = await this.waitingSince(oldestWaiting);
      if (since !== undefined) dueAts.push(since);
    }
    const oldestDueAt = dueAts.length > 0 ? Math.min(...dueAts) : undefined;
    return {
      due: dueDelayed + waiting,
      scheduled: allDelayed - dueDelayed + running,
      oldestDueAgeMs: oldestDueAt !== undefined && oldestDueAt <= now ? now - oldestDueAt : 0,
    };
  }

  /** Measured at each metrics scrape: every replica reports the one shared queue, like the queue depths. */
  onApplicationBootstrap(): void {
    this.stopMeasuring = measureOnScrape(async () => {
      const { due, scheduled, oldestDueAgeMs } = await this.backlog(Date.now());
      Metrics.timelineSteps.set({ state: 'due' }, due);
      Metrics.timelineSteps.set({ state: 'scheduled' }, scheduled);
      Metrics.timelineOldestDueAge.set(oldestDueAgeMs / 1000);
    });
  }

  /** Last: running handlers (bus, timeline worker) may still schedule steps while they finish. */
  async onApplicationShutdown(): Promise<void> {
    this.stopMeasuring();
    await this.queue.close();
    await this.connection.quit().catch(() => undefined);
  }

  private async add(deliveryId: string, now: Date, delays: Array<{ status: DeliveryStatus; delayMs: number }>): Promise<void> {
    if (delays.length > 0) await this.hand(timelineJobOf(deliveryId, now, delays));
  }

  private async addBatch(handed: Handed[]): Promise<void[]> {
    // A job's delay counts from its timestamp: from the same instant, it comes due at exactly its step's time.
    const now = Date.now();
    const retries = handed.filter((entry) => entry.notBefore !== undefined);
    const jobs = [
      ...groupTimelineJobs(
        handed.filter((entry) => entry.notBefore === undefined).map((entry) => entry.job),
        this.config.TIMELINE_GROUP_WINDOW_MS,
      ).map((job) => this.jobToAdd(job, now, job.steps[0].dueAt)),
      ...retries.map((entry) => this.jobToAdd(entry.job, now, entry.notBefore as number)),
    ];
    await this.queue.addBulk(jobs);
    return handed.map(() => undefined);
  }

  private jobToAdd(job: TimelineJob, now: number, dueAt: number): { name: string; data: TimelineJob; opts: JobsOptions } {
    return { name: 'timeline', data: job, opts: { ...JOB_OPTIONS, jobId: timelineJobId(job), timestamp: now, delay: Math.max(0, dueAt - now) } };
  }

  /** A waiting job was promoted with its delay cleared: it came due at its first step (one run again after a failure has waited since then too). */
  private async waitingSince(jobId: string): Promise<number | undefined> {
    const data = await this.connection.hget(this.queue.toKey(jobId), 'data');
    if (data === null) return undefined;
    try {
      return readTimelineJob(JSON.parse(data)).steps[0]?.dueAt;
    } catch {
      return undefined;
    }
  }
}
