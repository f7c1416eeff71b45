import { Injectable } from '@nestjs/common';
import { BackgroundTask } from '@sdd/runtime';
import { FirstAttemptRunner } from './first-attempt.runner';

/** How often the runner's line is looked at: a fraction of MAX_WAIT_MS, so no attempt waits much longer than that. */
const CHECK_EVERY_MS = 1_000;

/**
 * On every replica, hands the first attempts that waited here too long for a
 * slot (MAX_WAIT_MS) to the queue, where any replica can take them: a replica
 * slowed by a few slow endpoints does not hold the others' events back.
 */
@Injectable()
export class StaleFirstAttemptsTask extends BackgroundTask {
  constructor(private readonly firstAttempts: FirstAttemptRunner) {
    super({ name: 'stale first attempts hand-over', intervalMs: CHECK_EVERY_MS });
  }

  protected pass(): Promise<void> {
    return this.firstAttempts.queueStale();
  }
}
