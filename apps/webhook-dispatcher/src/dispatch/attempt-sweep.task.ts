import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG, OneReplicaTask } from '@sdd/runtime';
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
 * itself, which has no job, is left to it. One replica sweeps at a time.
 */
@Injectable()
export class AttemptSweepTask extends OneReplicaTask<number> {
  constructor(
    dataSource: DataSource,
    private readonly overdue: OverdueSweepRepository,
    private readonly queue: AttemptQueue,
    private readonly firstAttempts: FirstAttemptRunner,
    @Inject(APP_CONFIG) private readonly config: WebhookDispatcherConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super({ name: 'webhook sweep', intervalMs: config.WEBHOOK_SWEEP_INTERVAL_MS, dataSource, lock: `webhook-sweep:"${dataSource.driver.schema}"` });
  }

  /** Returns how many overdue destinations it looked at. */
  protected async passHoldingLock(manager: EntityManager): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.config.WEBHOOK_SWEEP_GRACE_MS);
    const rows = await this.overdue.findOverdue(manager, before, SWEEP_BATCH);
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
    return rows.length;
  }
}
