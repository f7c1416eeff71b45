import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG, RepeatingTask } from '@sdd/runtime';
import { WebhookDispatcherConfig } from '../config';
import { attemptJobId, AttemptQueue } from './attempt.queue';
import { FirstAttemptRunner } from './first-attempt.runner';
import { OverdueSweepRepository } from './overdue-sweep.repository';

const SWEEP_BATCH = 500;

/**
 * Postgres says which attempts are due; Redis only holds the jobs that will
 * run them. If Redis loses a job (restarted without persistence, a key
 * evicted, a job that failed for good), the destination would wait forever: the
 * sweep finds pending destinations long overdue and queues their next attempt
 * again, or retries its failed job. Harmless when the job is still there: a
 * job id names one attempt, so adding it again adds nothing, and an attempt
 * already made is not made twice. A first attempt this replica is making
 * itself, which has no job, is left to it.
 */
@Injectable()
export class AttemptSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AttemptSweeper.name);
  private readonly task: RepeatingTask<number>;

  constructor(
    private readonly overdue: OverdueSweepRepository,
    private readonly queue: AttemptQueue,
    private readonly firstAttempts: FirstAttemptRunner,
    @Inject(APP_CONFIG) private readonly config: WebhookDispatcherConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.task = new RepeatingTask('webhook sweep', config.WEBHOOK_SWEEP_INTERVAL_MS, () => this.sweep(), this.logger);
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** One pass; returns how many overdue destinations it looked at. */
  private sweep(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.config.WEBHOOK_SWEEP_GRACE_MS);
    return this.overdue.sweepOverdue(before, SWEEP_BATCH, async (rows) => {
      let requeued = 0;
      for (const row of rows) {
        const job = { eventId: row.event_id, endpointId: row.endpoint_id, number: row.attempt_count + 1, round: row.round };
        if (this.firstAttempts.holds(job)) continue;
        const existing = await this.queue.queue.getJob(attemptJobId(job));
        if (!existing) {
          await this.queue.add([job]);
          requeued += 1;
        } else if (await existing.isFailed()) {
          await existing.retry();
          requeued += 1;
        }
      }
      if (requeued > 0) this.logger.warn(`queued again ${requeued} overdue webhook attempts whose jobs were gone or failed`);
    });
  }
}
