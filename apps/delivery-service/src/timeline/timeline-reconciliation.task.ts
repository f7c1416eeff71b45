import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG, OneReplicaTask } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { DeliveryStatus, TestScenario } from '@sdd/contracts';
import { TERMINAL } from '../lifecycle/delivery-status';
import { timelineFor } from '../lifecycle/test-timeline';
import { TestTimelineQueue } from './test-timeline.queue';

/** Deliveries looked at per statement; a pass pages through all of them. */
const PAGE = 500;

interface OverdueRow {
  id: string;
  status: DeliveryStatus;
  test_scenario: TestScenario | null;
  start_at: Date;
  created_at: Date;
}

/**
 * Postgres decides what is due, Redis only runs it. Every
 * TIMELINE_RECONCILE_INTERVAL_MS one replica (an advisory lock) finds the
 * test deliveries whose next step, by their own simulated timeline, is
 * overdue by more than TIMELINE_RECONCILE_GRACE_MS, and schedules their
 * remaining steps again. A job's id is its delivery's and its step's, so a
 * job in fact still there is not doubled, and a step that runs twice finds
 * the delivery already past it.
 */
@Injectable()
export class TimelineReconciliationTask extends OneReplicaTask<number> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly timeline: TestTimelineQueue,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super({ name: 'timeline reconciliation', intervalMs: config.TIMELINE_RECONCILE_INTERVAL_MS, dataSource, lock: `timeline:${dataSource.driver.schema}` });
  }

  /** The deliveries rescheduled. */
  protected async passHoldingLock(manager: EntityManager): Promise<number> {
    const schema = this.dataSource.driver.schema;
    const now = this.clock.now();
    const overdueBefore = new Date(now.getTime() - this.config.TIMELINE_RECONCILE_GRACE_MS);
    let count = 0;
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const rows: OverdueRow[] = await manager.query(
        `SELECT d.id, d.status, d.test_scenario, coalesce(d.scheduled_at, d.created_at) AS start_at, d.created_at
         FROM "${schema}".deliveries d
         WHERE d.mode = 'test' AND d.status <> ALL ($1::text[])
           AND ($3::timestamptz IS NULL OR (d.created_at, d.id) > ($3::timestamptz, $4::text))
           AND EXISTS (
             SELECT 1
             FROM jsonb_array_elements(d.simulated_timeline) WITH ORDINALITY AS reached (step, n)
             JOIN jsonb_array_elements(d.simulated_timeline) WITH ORDINALITY AS next (step, m) ON m = n + 1
             WHERE reached.step ->> 'status' = d.status AND (next.step ->> 'at')::timestamptz < $2)
         ORDER BY d.created_at, d.id
         LIMIT ${PAGE}`,
        [TERMINAL, overdueBefore, after?.createdAt ?? null, after?.id ?? null],
      );
      for (const row of rows) {
        await this.timeline.reschedule(row.id, row.start_at, now, row.status, timelineFor(row.test_scenario));
        this.logger.warn(`${row.id} is overdue after ${row.status}: its remaining steps were scheduled again`);
      }
      count += rows.length;
      if (rows.length < PAGE) return count;
      const last = rows[rows.length - 1];
      after = { createdAt: last.created_at, id: last.id };
    }
  }
}
