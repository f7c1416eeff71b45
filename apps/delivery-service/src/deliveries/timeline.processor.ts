import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { AppError, Metrics } from '@sdd/common';
import { scenarioFailureReason } from './test-timeline';
import { DueStep, TimelineQueue } from './timeline.queue';
import { TransitionDeliveryHandler } from './transition-delivery.handler';

/** Steps taken per claim; a full claim is followed by the next at once. */
const CLAIM_BATCH = 200;
/** Steps running at once in this replica; beyond it, claiming waits. */
const MAX_RUNNING = 400;
/** How long a claimed step is this replica's: if it dies meanwhile, the step comes due again then. */
const LEASE_MS = 10_000;
/**
 * The longest wait between claims: a replica sleeps until the next step due
 * (the set's, whoever scheduled it) and is woken by the steps it schedules
 * itself, so only a step another replica schedules for sooner than that waits
 * up to this. Polling every 10 ms instead cost an idle replica 5.5 % of a
 * core (2.3 % so).
 */
const MAX_IDLE_MS = 100;
/** After a Redis error, before trying again. */
const RETRY_MS = 500;

/**
 * Runs each due timeline step through the same transition as everything
 * else. Steps run concurrently and may come due together (after a restart),
 * so a step catches the delivery up through the steps before it; a step the
 * delivery is already past, or that a cancelled delivery refuses, does
 * nothing. A step that fails stays leased and runs again when its lease runs
 * out; one refused for good (the delivery is gone) is dropped.
 */
@Injectable()
export class TimelineProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TimelineProcessor.name);
  private running = 0;
  private stopped = false;
  private loop?: Promise<void>;
  /** The current sleep between claims: when it ends, and how to end it sooner. */
  private nap?: { until: number; timer: NodeJS.Timeout; resolve: () => void };
  private readonly inFlight = new Set<Promise<void>>();
  /** While Redis fails, the claim is retried quietly after the first warning. */
  private failing = false;

  constructor(
    private readonly transition: TransitionDeliveryHandler,
    private readonly timeline: TimelineQueue,
  ) {}

  onApplicationBootstrap(): void {
    this.timeline.onScheduled = (dueAt) => this.wakeBy(dueAt);
    this.loop = this.claimLoop();
  }

  /** First on shutdown, so running steps finish while the database and Redis are still open. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.wakeBy(0);
    await this.loop;
    await Promise.all(this.inFlight);
  }

  private async claimLoop(): Promise<void> {
    while (!this.stopped) {
      try {
        if (this.running >= MAX_RUNNING) {
          await this.sleep(10);
          continue;
        }
        const now = Date.now();
        const { steps, nextDueAt } = await this.timeline.claimDue(now, Math.min(CLAIM_BATCH, MAX_RUNNING - this.running), LEASE_MS);
        if (this.failing) this.logger.log('timeline claims work again');
        this.failing = false;
        for (const step of steps) this.start(step, now);
        if (steps.length === 0) await this.sleep(Math.min(MAX_IDLE_MS, Math.max(0, (nextDueAt ?? Infinity) - Date.now())));
      } catch (error) {
        if (this.stopped) return;
        if (!this.failing) this.logger.warn(`timeline claim failed, retrying every ${RETRY_MS} ms: ${(error as Error).message}`);
        this.failing = true;
        await this.sleep(RETRY_MS);
      }
    }
  }

  private start(step: DueStep, claimedAt: number): void {
    this.running += 1;
    const run = this.run(step, claimedAt).finally(() => {
      this.running -= 1;
      this.inFlight.delete(run);
    });
    this.inFlight.add(run);
  }

  private async run(step: DueStep, claimedAt: number): Promise<void> {
    Metrics.timelineStepLateness.observe(Math.max(0, claimedAt - step.dueAt) / 1000);
    try {
      const result = await this.transition.execute(step.deliveryId, step.status, undefined, true, (delivery) =>
        step.status === 'failed' || step.status === 'returned' ? { failureReason: scenarioFailureReason(delivery.testScenario) } : {},
      );
      if (!result.moved) this.logger.debug(`${step.deliveryId} stays ${result.from}: step ${step.status} skipped`);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) {
        this.logger.warn(`timeline step ${step.status} of ${step.deliveryId} failed, runs again in ${LEASE_MS} ms: ${(error as Error).message}`);
        return;
      }
      this.logger.error(`timeline step ${step.status} of ${step.deliveryId} dropped: ${error.message}`);
    }
    await this.timeline.done(step.member).catch((error: Error) =>
      this.logger.warn(`step ${step.status} of ${step.deliveryId} ran but stays leased (it will find nothing to do): ${error.message}`),
    );
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const nap = { until: Date.now() + ms, timer: setTimeout(() => this.endNap(nap), ms), resolve };
      this.nap = nap;
    });
  }

  /** Ends the sleep by `dueAt` (at once if that has passed). */
  private wakeBy(dueAt: number): void {
    const nap = this.nap;
    if (!nap || dueAt >= nap.until) return;
    clearTimeout(nap.timer);
    nap.until = dueAt;
    nap.timer = setTimeout(() => this.endNap(nap), Math.max(0, dueAt - Date.now()));
  }

  private endNap(nap: { timer: NodeJS.Timeout; resolve: () => void }): void {
    clearTimeout(nap.timer);
    if (this.nap === nap) this.nap = undefined;
    nap.resolve();
  }
}
