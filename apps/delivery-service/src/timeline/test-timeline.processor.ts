import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DelayedError, Job, Worker } from 'bullmq';
import { AppError, createRedis, Metrics, RedisConnection } from '@sdd/common';
import { ServiceQueue } from '@sdd/contracts';
import { STALLED_CHECK_MS, WORKER_LOCK_MS } from '@sdd/bus';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { isTerminal } from '../lifecycle/delivery-status';
import { scenarioStepChanges } from '../lifecycle/test-timeline';
import { TransitionDeliveryHandler } from '../lifecycle/transition-delivery.handler';
import { dueStep, jobAfter, readTimelineJob, TimelineJob, TimelineJobStep } from './timeline-job';
import { TestTimelineQueue, TimelineBacklog } from './test-timeline.queue';
import { timelineWorkersStalled } from './timeline-stall';

/**
 * Steps running at once in this replica (a timeline's burst of steps due
 * together is read and written in few statements). A job that completes
 * brings the next due job back in the same round trip, so one worker keeps
 * its steps flowing; a second takes over while the first waits on its
 * connection (decision 0016).
 */
const WORKERS = 2;
const CONCURRENCY_PER_WORKER = 100;
/** A step that failed (database or Redis down) runs again after this; as long as it fails, it never gives up. */
const RETRY_MS = 10_000;

/** What became of a step: the job goes on to its next step, retries this one, or ends. */
type StepOutcome = 'next' | 'retry' | 'end';

/**
 * Runs a job's due timeline step for each of its deliveries through the same
 * transition as everything else (the steps of a job are read and written in
 * few statements), then hands the steps after it to a new job and completes
 * (completing, unlike delaying itself, fetches the next due job in the same
 * round trip). A step catches the delivery up through the steps before it; a
 * step the delivery is already past does nothing. Nothing follows the last
 * step, a delivery that has ended (cancelled) or is gone. A step that fails
 * runs again in RETRY_MS (its job delays itself, or, when others of the job
 * went on, its deliveries get a job of their own); a worker that dies leaves
 * its jobs to BullMQ's stalled check, which gives them to another, and a job
 * handed on twice is added once. Workers that stop taking due steps (left
 * wedged by a Redis Cluster failover) are replaced (`restartIfStalled`, from
 * TimelineWatchdogTask).
 */
@Injectable()
export class TestTimelineProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TestTimelineProcessor.name);
  private workers: Array<Worker<TimelineJob>> = [];
  private connections: RedisConnection[] = [];
  /** When this process's workers last took a job (or were started). */
  private lastTakenAt = Date.now();

  constructor(
    private readonly transition: TransitionDeliveryHandler,
    private readonly timeline: TestTimelineQueue,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.startWorkers();
  }

  /**
   * Replaces the workers by new ones on new connections when steps have been
   * due past TIMELINE_STALL_MS and these workers took none meanwhile. After a
   * Redis Cluster primary's loss, a worker was measured neither blocking on the
   * new primary nor failing, its due jobs waiting for good; the reconciler
   * cannot help, as their jobs are still there. The old workers are closed
   * without waiting for them (a wedged one would never finish closing): the
   * jobs they hold come back through BullMQ's stalled check.
   */
  async restartIfStalled(backlog: TimelineBacklog, now: number): Promise<boolean> {
    if (!timelineWorkersStalled({ oldestDueAgeMs: backlog.oldestDueAgeMs, sinceLastTakenMs: now - this.lastTakenAt })) return false;
    this.logger.warn(`timeline workers took no job for ${now - this.lastTakenAt} ms while steps were due for ${backlog.oldestDueAgeMs} ms: replaced`);
    const [workers, connections] = [this.workers, this.connections];
    this.startWorkers();
    for (const worker of workers) void worker.close(true).catch(() => undefined);
    for (const connection of connections) connection.disconnect();
    return true;
  }

  private startWorkers(): void {
    this.workers = [];
    this.connections = [];
    this.lastTakenAt = Date.now();
    for (let i = 0; i < WORKERS; i += 1) {
      const connection = createRedis(this.config.REDIS_URL, { maxRetriesPerRequest: null, connectionName: 'delivery-timeline-worker' });
      this.connections.push(connection);
      const worker = new Worker<TimelineJob>(ServiceQueue.DeliveryTimeline, (job, token) => this.process(job, token), {
        connection,
        // After Redis comes back, take jobs again within a second, not BullMQ's 15.
        runRetryDelay: 1000,
        prefix: this.config.BUS_PREFIX,
        concurrency: CONCURRENCY_PER_WORKER,
        lockDuration: WORKER_LOCK_MS,
        stalledInterval: STALLED_CHECK_MS,
      });
      worker.on('error', (error) => this.logger.error(`timeline worker: ${error.message}`));
      this.workers.push(worker);
    }
  }

  /** First on shutdown, so running steps finish while the database and Redis are still open. */
  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
    await Promise.all(this.connections.map((connection) => connection.quit().catch(() => undefined)));
  }

  private async process(job: Job<TimelineJob>, token: string | undefined): Promise<void> {
    this.lastTakenAt = Date.now();
    const timeline = readTimelineJob(job.data);
    const now = Date.now();
    const step = dueStep(timeline, now);
    // Taken before its first step's time (a clock between replicas): it waits for it.
    if (!step) return this.delay(job, timeline.steps[0].dueAt, token);
    const outcomes = await Promise.all(timeline.deliveryIds.map((deliveryId) => this.run(deliveryId, step, now)));
    const of = (outcome: StepOutcome) => timeline.deliveryIds.filter((_, i) => outcomes[i] === outcome);
    const retrying = of('retry');
    // All failed (the database is down): the job itself runs again.
    if (retrying.length === timeline.deliveryIds.length) return this.delay(job, now + RETRY_MS, token);
    const next = jobAfter(timeline, step, of('next'));
    const again = retrying.length > 0 ? { deliveryIds: retrying, steps: timeline.steps.slice(timeline.steps.indexOf(step)) } : undefined;
    await Promise.all([next && this.timeline.hand(next), again && this.timeline.hand(again, now + RETRY_MS)]);
  }

  private async delay(job: Job<TimelineJob>, until: number, token: string | undefined): Promise<never> {
    await job.moveToDelayed(until, token);
    throw new DelayedError();
  }

  private async run(deliveryId: string, step: TimelineJobStep, now: number): Promise<StepOutcome> {
    // From the job's time: a delivery of a group may have been due up to TIMELINE_GROUP_WINDOW_MS earlier.
    Metrics.timelineStepLateness.observe(Math.max(0, now - step.dueAt) / 1000);
    try {
      const result = await this.transition.execute(deliveryId, step.status, {
        catchUp: true,
        changesFor: (delivery) => scenarioStepChanges(delivery.testScenario, step.status),
      });
      Metrics.jobsProcessed.inc({ queue: ServiceQueue.DeliveryTimeline, outcome: 'completed' });
      if (result.moved) return 'next';
      this.logger.debug(`${deliveryId} stays ${result.from}: step ${step.status} skipped`);
      return isTerminal(result.from) ? 'end' : 'next';
    } catch (error) {
      Metrics.jobsProcessed.inc({ queue: ServiceQueue.DeliveryTimeline, outcome: 'failed' });
      if (!(error instanceof AppError) || error.status >= 500) {
        this.logger.warn(`timeline step ${step.status} of ${deliveryId} failed, runs again in ${RETRY_MS} ms: ${(error as Error).message}`);
        return 'retry';
      }
      this.logger.error(`timeline of ${deliveryId} dropped at step ${step.status}: ${error.message}`);
      return 'end';
    }
  }
}
