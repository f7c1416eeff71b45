import { Injectable } from '@nestjs/common';
import { BackgroundTask } from '@sdd/runtime';
import { TestTimelineProcessor } from './test-timeline.processor';
import { TestTimelineQueue } from './test-timeline.queue';

/** Often enough that a wedged worker is replaced within seconds of TIMELINE_STALL_MS. */
const INTERVAL_MS = 5_000;

/**
 * Every replica looks at the timeline's backlog (one round trip) and has its
 * own workers replaced when steps wait that they do not take
 * (TestTimelineProcessor.restartIfStalled). While Redis does not answer, the
 * pass fails and nothing is replaced: there is nothing a new worker could take.
 */
@Injectable()
export class TimelineWatchdogTask extends BackgroundTask<boolean> {
  constructor(
    private readonly timeline: TestTimelineQueue,
    private readonly processor: TestTimelineProcessor,
  ) {
    super({ name: 'timeline watchdog', intervalMs: INTERVAL_MS });
  }

  /** Whether the workers were replaced. */
  protected async pass(): Promise<boolean> {
    const now = Date.now();
    return this.processor.restartIfStalled(await this.timeline.backlog(now), now);
  }
}
