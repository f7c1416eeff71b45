import { Logger } from '@nestjs/common';
import { DoublingBackoff, doublingDelayMs, runOutsideRequestContext } from '@sdd/common';

export interface RepeatingTaskOptions {
  /**
   * After a failed pass, nothing runs (neither the interval nor a poke) for
   * `firstMs`, doubling with each failure in a row up to `maxMs`: a
   * dependency that is down is not hammered. Without it a failed pass is tried
   * again at the next interval or poke.
   */
  backoff?: DoublingBackoff;
}

/**
 * Background work that runs every `intervalMs` (a sweep, a reconciliation, a
 * purge) and when poked: passes never overlap in one process, a pass that
 * fails is logged and the next one tries again (after a backoff when one is
 * given), and `stop()` waits for the pass under way so it finishes while the
 * database and queues are still open.
 */
export class RepeatingTask<T> {
  private timer?: NodeJS.Timeout;
  private running?: Promise<T | undefined>;
  /** Poked while a pass ran: another pass follows it, for what the poke was about. */
  private again = false;
  private failures = 0;
  private restUntil = 0;
  private stopped = false;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly pass: () => Promise<T>,
    private readonly logger: Logger,
    private readonly options: RepeatingTaskOptions = {},
  ) {}

  start(): void {
    this.stopped = false;
    this.timer ??= setInterval(() => {
      if (!this.resting()) void this.runNow();
    }, this.intervalMs);
  }

  /**
   * A pass soon: now when none runs, else right after the one under way
   * (which may have read its work before the poke's). Outside the caller's
   * request context: a request only sets the pass off, its deadline and id
   * are not the pass's. Ignored while backing off or stopped.
   */
  poke(): void {
    if (this.stopped || this.resting()) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void runOutsideRequestContext(() => this.runNow());
  }

  /** One pass now, or the one under way; undefined when it failed. */
  runNow(): Promise<T | undefined> {
    this.running ??= this.pass()
      .then(
        (result) => {
          this.failures = 0;
          return result;
        },
        (error: Error) => {
          this.failed(error);
          return undefined;
        },
      )
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private resting(): boolean {
    return Date.now() < this.restUntil;
  }

  private failed(error: Error): void {
    this.again = false;
    this.failures += 1;
    const backoff = this.options.backoff;
    if (!backoff) {
      this.logger.warn(`${this.name} failed, will try again: ${error.message}`);
      return;
    }
    const restMs = doublingDelayMs(this.failures - 1, backoff.firstMs, backoff.maxMs);
    this.restUntil = Date.now() + restMs;
    this.logger.warn(`${this.name} failed (${this.failures} in a row), will try again in ${restMs} ms: ${error.message}`);
  }
}
