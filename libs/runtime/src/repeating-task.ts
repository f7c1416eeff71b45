import { Logger } from '@nestjs/common';

/**
 * Background work that runs every `intervalMs` (a sweep, a reconciliation, a
 * purge): passes never overlap in one process, a pass that fails is logged
 * and the next one tries again, and `stop()` waits for the pass under way so
 * it finishes while the database and queues are still open.
 */
export class RepeatingTask<T> {
  private timer?: NodeJS.Timeout;
  private running?: Promise<T | undefined>;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly pass: () => Promise<T>,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.runNow(), this.intervalMs);
  }

  /** One pass now, or the one under way; undefined when it failed. */
  runNow(): Promise<T | undefined> {
    this.running ??= this.pass()
      .catch((error: Error) => {
        this.logger.warn(`${this.name} failed, will try again: ${error.message}`);
        return undefined;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
